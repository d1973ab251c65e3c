import { randomBytes } from 'node:crypto';
import { createReadStream, readFileSync } from 'node:fs';
import {
  type FileHandle,
  link,
  mkdir,
  open,
  readdir,
  readFile,
  rename,
  rm,
  stat,
  unlink,
  writeFile,
} from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { limits } from '@seller/contract/limits';
import type { LocalStorageConfig } from '../config.ts';
import { FileBody } from './file-body.ts';
import { type LocalGrant, signGrant, verifyGrantWithAny } from './local-signing.ts';
import {
  type CompleteMultipartOptions,
  type PresignGetOptions,
  type PresignPartOptions,
  type PresignPutOptions,
  type Storage,
  StorageIncompleteError,
  StoragePartTooSmallError,
  StorageUploadGoneError,
  type StoredObject,
  type StoredPart,
} from './storage.ts';

/** The local settings of the configuration, and what tests and drills change. */
export type LocalStorageOptions = Omit<LocalStorageConfig, 'driver' | 'previousSigningSecrets'> & {
  /** Retired keys: URLs they signed are still honoured until they expire. */
  previousSigningSecrets?: readonly string[];
  /** No multipart upload may grow past this (the largest product file). */
  maxObjectBytes?: number;
  now?: () => number;
};

/** Why a PUT to a local URL was refused; the routes map these to HTTP answers. */
export class LocalTransferError extends Error {
  override name = 'LocalTransferError';
  constructor(
    readonly reason: 'short' | 'long' | 'gone' | 'busy' | 'part-size' | 'exists',
    message: string,
  ) {
    super(message);
  }
}

interface PartRecord {
  size: number;
  etag: string;
  /**
   * True when the part was written to a file of its own (it arrived before the upload's part
   * size was known); completion copies it into place.
   */
  separate?: boolean;
  /**
   * The boot during which the part was written without an fsync of its own. A process crash
   * keeps the page cache, so the bytes are there; a reboot (power loss) may not have kept
   * them, so a record from an earlier boot is ignored and the part is sent again. Absent when
   * the part was fsynced (systems without a boot id).
   */
  boot?: string;
}

/** Linux's id of the current boot; undefined elsewhere (each part is then fsynced). */
const currentBoot: string | undefined = (() => {
  try {
    return readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim() || undefined;
  } catch {
    return undefined;
  }
})();

interface MultipartMeta {
  key: string;
  contentType: string;
  createdAt: string;
  /**
   * The length of part 1, known from the moment it starts: every part but the last has it,
   * so part N is written in place at offset (N - 1) × partSize.
   */
  partSize?: number;
}

const keyPattern = /^[A-Za-z0-9][A-Za-z0-9._-]*(\/[A-Za-z0-9][A-Za-z0-9._-]*)*$/;
const uploadIdPattern = /^[0-9a-f]{32}$/;
/** Bytes gathered before one positional write; bounds memory per transfer. */
const writeBatchBytes = 1024 * 1024;

const newEtag = () => `"${randomBytes(16).toString('hex')}"`;

function isMissing(error: unknown): boolean {
  return (error as NodeJS.ErrnoException)?.code === 'ENOENT';
}

/** Replaces a small file whole: readers see the old content or the new, never a part. */
async function writeFileAtomically(file: string, content: string): Promise<void> {
  const temp = `${file}.${randomBytes(4).toString('hex')}.tmp`;
  try {
    await writeFile(temp, content, { mode: 0o600 });
    await rename(temp, file);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
}

/** Copies a whole file into `target` at `position`, a megabyte at a time. */
async function copyInto(source: string, target: FileHandle, position: number): Promise<void> {
  const input = await open(source, 'r');
  try {
    const buffer = Buffer.allocUnsafe(writeBatchBytes);
    let offset = 0;
    for (;;) {
      const { bytesRead } = await input.read(buffer, 0, buffer.length, offset);
      if (bytesRead === 0) break;
      await target.write(buffer, 0, bytesRead, position + offset);
      offset += bytesRead;
    }
  } finally {
    await input.close();
  }
}

async function fsyncDirectory(directory: string): Promise<void> {
  const handle = await open(directory, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/**
 * Writes exactly `length` bytes of `source` at `position` of `file`, in batches, never
 * holding more than about a megabyte. More bytes than announced, or fewer (the client went
 * away mid-body), is an error.
 */
async function writeExactly(
  source: Readable,
  file: FileHandle,
  position: number,
  length: number,
): Promise<void> {
  let received = 0;
  let batch: Buffer[] = [];
  let batchBytes = 0;
  let offset = position;
  const flush = async () => {
    if (batchBytes === 0) return;
    const buffers = batch;
    batch = [];
    const bytes = batchBytes;
    batchBytes = 0;
    await file.writev(buffers, offset);
    offset += bytes;
  };
  try {
    for await (const chunk of source) {
      const buffer = chunk as Buffer;
      received += buffer.length;
      if (received > length) throw new LocalTransferError('long', 'Body longer than declared');
      batch.push(buffer);
      batchBytes += buffer.length;
      if (batchBytes >= writeBatchBytes) await flush();
    }
  } catch (error) {
    if (error instanceof LocalTransferError) throw error;
    throw new LocalTransferError('short', 'The body ended before its declared length');
  }
  if (received !== length) {
    throw new LocalTransferError('short', 'The body ended before its declared length');
  }
  await flush();
}

/** How much a download reads from disk and writes to its socket at a time. */
const largeDownloadBufferBytes = 1024 * 1024;
const smallDownloadBufferBytes = 256 * 1024;
/** Once the buffers of downloads under way hold this much, further ones are small. */
const downloadBuffersBudget = 64 * 1024 * 1024;

/** The local disk driver: objects under `root/<key>`, unfinished uploads under `root/.incoming`. */
export class LocalStorage implements Storage {
  readonly driver = 'local' as const;
  readonly bucket = 'local';
  readonly browserOrigins: string[] = [];
  readonly root: string;
  private readonly maxObjectBytes: number;
  private readonly incoming: string;
  private readonly secret: string;
  private readonly previousSecrets: readonly string[];
  private readonly baseUrl: string;
  private readonly now: () => number;
  /** Part writes in flight per upload id, so completion never races a late part. */
  private readonly activeParts = new Map<string, number>();
  /** Upload ids being completed or aborted: no new part may start writing. */
  private readonly closing = new Set<string>();
  /** Completions under way, by upload id: a second one waits for the first. */
  private readonly completions = new Map<string, Promise<void>>();
  /** Part sizes learnt from part 1 (also kept in the upload's meta file). */
  private readonly partSizes = new Map<string, number>();
  /** Bytes of download buffers held by downloads under way. */
  private downloadBuffersInUse = 0;

  constructor(options: LocalStorageOptions) {
    this.root = path.resolve(options.root);
    this.incoming = path.join(this.root, '.incoming');
    this.secret = options.signingSecret;
    this.previousSecrets = options.previousSigningSecrets ?? [];
    this.baseUrl = options.publicBaseUrl.replace(/\/+$/, '');
    this.maxObjectBytes = options.maxObjectBytes ?? limits.productFiles.maxBytes;
    this.now = options.now ?? Date.now;
  }

  async init(): Promise<void> {
    await mkdir(this.incoming, { recursive: true, mode: 0o700 });
  }

  // --- paths --------------------------------------------------------------------------

  /** Whether a key is one this driver stores (the server issues only such keys). */
  isValidKey(key: string): boolean {
    return key.length <= 512 && keyPattern.test(key);
  }

  objectPath(key: string): string {
    if (!this.isValidKey(key)) throw new Error(`unsafe storage key ${key.slice(0, 100)}`);
    return path.join(this.root, ...key.split('/'));
  }

  private uploadPaths(uploadId: string) {
    if (!uploadIdPattern.test(uploadId)) throw new Error('unsafe upload id');
    const data = path.join(this.incoming, uploadId);
    return { data, meta: `${data}.json`, parts: `${data}.parts` };
  }

  private expiry(expiresInSeconds: number, from: number = this.now()): number {
    return Math.floor(from / 1000) + expiresInSeconds;
  }

  private url(kind: 'upload' | 'download', grant: LocalGrant): string {
    return `${this.baseUrl}/storage/${kind}/${signGrant(this.secret, grant)}`;
  }

  verify(token: string) {
    return verifyGrantWithAny([this.secret, ...this.previousSecrets], token, this.now());
  }

  // --- Storage ------------------------------------------------------------------------

  get publicUrlBase(): string {
    return `${this.baseUrl}/storage/public/`;
  }

  publicUrl(key: string): string {
    return `${this.publicUrlBase}${key}`;
  }

  keyFromPublicUrl(url: string): string | undefined {
    const prefix = this.publicUrlBase;
    if (!url.startsWith(prefix)) return undefined;
    const key = url.slice(prefix.length);
    return keyPattern.test(key) ? key : undefined;
  }

  async presignPut(key: string, options: PresignPutOptions): Promise<string> {
    this.objectPath(key);
    return this.url('upload', {
      op: 'put',
      key,
      length: options.contentLength,
      type: options.contentType ?? '',
      exp: this.expiry(options.expiresInSeconds),
    });
  }

  async createMultipartUpload(key: string, options: { contentType: string }): Promise<string> {
    this.objectPath(key);
    await this.init();
    const uploadId = randomBytes(16).toString('hex');
    const paths = this.uploadPaths(uploadId);
    await (await open(paths.data, 'wx', 0o600)).close();
    await mkdir(paths.parts);
    const meta: MultipartMeta = {
      key,
      contentType: options.contentType,
      createdAt: new Date(this.now()).toISOString(),
    };
    await writeFile(paths.meta, JSON.stringify(meta), { mode: 0o600 });
    return uploadId;
  }

  async presignUploadPart(
    key: string,
    uploadId: string,
    options: PresignPartOptions,
  ): Promise<string> {
    this.objectPath(key);
    this.uploadPaths(uploadId);
    return this.url('upload', {
      op: 'part',
      key,
      uploadId,
      part: options.partNumber,
      ...(options.contentLength === undefined
        ? { max: options.maxLength }
        : { length: options.contentLength }),
      exp: this.expiry(options.expiresInSeconds),
    });
  }

  async listParts(key: string, uploadId: string): Promise<StoredPart[]> {
    const paths = this.uploadPaths(uploadId);
    const meta = await this.readMeta(paths.meta);
    if (!meta || meta.key !== key) throw new StorageUploadGoneError('No such multipart upload');
    let names: string[];
    try {
      names = await readdir(paths.parts);
    } catch (error) {
      if (isMissing(error)) throw new StorageUploadGoneError('No such multipart upload');
      throw error;
    }
    const parts: StoredPart[] = [];
    for (const name of names) {
      if (!/^\d+$/.test(name)) continue;
      const record = await this.readRecord(path.join(paths.parts, name));
      if (record) parts.push({ partNumber: Number(name), etag: record.etag, size: record.size });
    }
    return parts.sort((a, b) => a.partNumber - b.partNumber);
  }

  /**
   * Assembles the upload's parts into its object. Completions of one upload run one after the
   * other: a second one (a retry, or two tabs) waits for the first and then finds the object
   * in place, as a retried completion does.
   */
  async completeMultipartUpload(
    key: string,
    uploadId: string,
    options: CompleteMultipartOptions,
  ): Promise<void> {
    const earlier = this.completions.get(uploadId);
    const completion = (async () => {
      if (earlier) await earlier.catch(() => undefined);
      await this.assemble(key, uploadId, options);
    })();
    this.completions.set(uploadId, completion);
    try {
      await completion;
    } finally {
      if (this.completions.get(uploadId) === completion) this.completions.delete(uploadId);
    }
  }

  /**
   * Whether the upload was completed before: its temp file is gone and its object is in place
   * with the declared size. Another server sharing the storage root may have done it meanwhile.
   */
  private async completedBefore(
    key: string,
    data: string,
    options: CompleteMultipartOptions,
  ): Promise<boolean> {
    const pending = await stat(data).then(
      () => true,
      (error: unknown) => {
        if (isMissing(error)) return false;
        throw error;
      },
    );
    if (pending) return false;
    const stored = await this.head(key);
    return (
      stored !== undefined &&
      (options.expectedSize === undefined || stored.size === options.expectedSize)
    );
  }

  private async assemble(
    key: string,
    uploadId: string,
    options: CompleteMultipartOptions,
  ): Promise<void> {
    const paths = this.uploadPaths(uploadId);
    const target = this.objectPath(key);
    const meta = await this.readMeta(paths.meta);
    if (!meta) {
      // Completed before (a retried call): the object is in place with its size.
      if (await this.completedBefore(key, paths.data, options)) return;
      throw new StorageIncompleteError('No such multipart upload');
    }
    if (meta.key !== key) throw new StorageIncompleteError('No such multipart upload');
    if ((this.activeParts.get(uploadId) ?? 0) > 0) {
      throw new StorageIncompleteError('Parts are still being uploaded');
    }
    this.closing.add(uploadId);
    try {
      const { total, separate, partSize } = await this.checkParts(paths, meta, uploadId, options);
      const handle = await open(paths.data, 'r+');
      try {
        for (const partNumber of separate) {
          await copyInto(
            path.join(paths.parts, `${partNumber}.data`),
            handle,
            (partNumber - 1) * partSize,
          );
        }
        // A longer last part sent before and replaced leaves bytes past the end.
        await handle.truncate(total);
        await handle.sync();
      } finally {
        await handle.close();
      }
      await mkdir(path.dirname(target), { recursive: true });
      await rename(paths.data, target);
      await fsyncDirectory(path.dirname(target));
      await rm(paths.parts, { recursive: true, force: true });
      await rm(paths.meta, { force: true });
      this.partSizes.delete(uploadId);
      await fsyncDirectory(this.incoming);
    } catch (error) {
      // Another server sharing the storage root completed it while this one was checking.
      const raced = isMissing(error) || error instanceof StorageIncompleteError;
      if (raced && (await this.completedBefore(key, paths.data, options))) return;
      throw error;
    } finally {
      this.closing.delete(uploadId);
    }
  }

  /**
   * The rules a completion checks before assembling: parts 1 to n without gaps, each stored
   * with the ETag the client names, every part but the last of part 1's size and at least
   * the minimum part size, the last no larger, and the declared total when there is one.
   */
  private async checkParts(
    paths: { parts: string },
    meta: MultipartMeta,
    uploadId: string,
    options: CompleteMultipartOptions,
  ): Promise<{ total: number; separate: number[]; partSize: number }> {
    const requested = [...options.parts].sort((a, b) => a.partNumber - b.partNumber);
    const count = requested.length;
    if (requested.some((part, index) => part.partNumber !== index + 1)) {
      throw new StorageIncompleteError(`Expected parts 1 to ${count} without gaps`);
    }
    const records: PartRecord[] = [];
    for (const part of requested) {
      const record = await this.readRecord(path.join(paths.parts, String(part.partNumber)));
      if (!record) throw new StorageIncompleteError(`Part ${part.partNumber} is missing`);
      if (record.etag !== part.etag && `"${part.etag}"` !== record.etag) {
        throw new StorageIncompleteError(`Part ${part.partNumber} has another ETag`);
      }
      records.push(record);
    }
    const partSize = this.partSizes.get(uploadId) ?? meta.partSize ?? records[0]?.size ?? 0;
    const separate: number[] = [];
    let total = 0;
    records.forEach((record, index) => {
      const partNumber = index + 1;
      const isLast = partNumber === count;
      if (record.size > partSize) {
        throw new StorageIncompleteError(
          `Part ${partNumber} has ${record.size} bytes, more than part 1 (${partSize})`,
        );
      }
      if (!isLast && record.size < partSize) {
        throw new StoragePartTooSmallError(
          `Part ${partNumber} has ${record.size} bytes: every part but the last must have the size of part 1 (${partSize})`,
        );
      }
      if (!isLast && record.size < limits.multipart.minPartBytes) {
        throw new StoragePartTooSmallError(
          `Part ${partNumber} has ${record.size} bytes: every part but the last must have at least ${limits.multipart.minPartBytes}`,
        );
      }
      if (record.separate) separate.push(partNumber);
      total += record.size;
    });
    if (options.expectedSize !== undefined && total !== options.expectedSize) {
      throw new StorageIncompleteError(
        `The parts make ${total} bytes instead of the declared ${options.expectedSize}`,
      );
    }
    return { total, separate, partSize };
  }

  async abortMultipartUpload(_key: string, uploadId: string): Promise<void> {
    const paths = this.uploadPaths(uploadId);
    this.closing.add(uploadId);
    this.partSizes.delete(uploadId);
    try {
      await rm(paths.meta, { force: true });
      await rm(paths.parts, { recursive: true, force: true });
      await rm(paths.data, { force: true });
    } finally {
      this.closing.delete(uploadId);
    }
  }

  async put(key: string, body: Uint8Array, _options: { contentType: string }): Promise<void> {
    await this.receiveObject(key, Readable.from([body]), body.byteLength);
  }

  async read(key: string): Promise<Uint8Array | undefined> {
    try {
      return await readFile(this.objectPath(key));
    } catch (error) {
      if (isMissing(error)) return undefined;
      throw error;
    }
  }

  async readPieces(key: string): Promise<AsyncIterable<Uint8Array> | undefined> {
    const file = this.objectPath(key);
    try {
      await stat(file);
    } catch (error) {
      if (isMissing(error)) return undefined;
      throw error;
    }
    return createReadStream(file, { highWaterMark: 1024 * 1024 });
  }

  async presignGet(key: string, options: PresignGetOptions): Promise<string> {
    this.objectPath(key);
    return this.url('download', {
      op: 'get',
      key,
      name: options.fileName,
      type: options.contentType,
      exp: this.expiry(options.expiresInSeconds, options.signedAt?.getTime()),
    });
  }

  async head(key: string): Promise<StoredObject | undefined> {
    try {
      const info = await stat(this.objectPath(key));
      return info.isFile() ? { size: info.size, contentType: undefined } : undefined;
    } catch (error) {
      if (isMissing(error)) return undefined;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    try {
      await unlink(this.objectPath(key));
    } catch (error) {
      if (!isMissing(error)) throw error;
    }
  }

  /** Temp files of single PUTs cut off by a crash, and multipart leftovers without meta. */
  async sweepOrphans(olderThanMs: number): Promise<number> {
    let names: string[];
    try {
      names = await readdir(this.incoming);
    } catch (error) {
      if (isMissing(error)) return 0;
      throw error;
    }
    const cutoff = this.now() - olderThanMs;
    let removed = 0;
    for (const name of names) {
      const full = path.join(this.incoming, name);
      const info = await stat(full).catch(() => undefined);
      if (!info || info.mtimeMs >= cutoff) continue;
      const isPutTemp = name.startsWith('put-');
      const base = name.replace(/(\.json|\.parts)$/, '');
      const metaAlive = uploadIdPattern.test(base)
        ? await stat(path.join(this.incoming, `${base}.json`)).then(
            (meta) => meta.mtimeMs >= cutoff,
            () => false,
          )
        : false;
      if (isPutTemp || !metaAlive) {
        await rm(full, { recursive: true, force: true });
        removed += 1;
      }
    }
    return removed;
  }

  // --- transfers (called by the /storage routes) ----------------------------------------

  /**
   * Streams a single PUT into a temp file, then fsyncs and moves it into place. An object
   * already under the key is replaced only when `mayReplace` says so (the server's own writes,
   * an upload sent again before anything uses it); otherwise the PUT is refused and the stored
   * bytes stay as they are.
   */
  async receiveObject(
    key: string,
    body: Readable,
    length: number,
    mayReplace: (() => Promise<boolean>) | 'always' = 'always',
  ): Promise<string> {
    const target = this.objectPath(key);
    await this.init();
    const temp = path.join(this.incoming, `put-${randomBytes(12).toString('hex')}`);
    const handle = await open(temp, 'wx', 0o600);
    let placed = false;
    try {
      await writeExactly(body, handle, 0, length);
      await handle.sync();
      await handle.close();
      await mkdir(path.dirname(target), { recursive: true });
      if (mayReplace === 'always') {
        await rename(temp, target);
      } else {
        try {
          // A new name for the temp file's bytes, which never replaces an existing object.
          await link(temp, target);
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
          if (!(await mayReplace())) {
            throw new LocalTransferError(
              'exists',
              'This file is already stored and cannot be replaced: ask for a new upload URL',
            );
          }
          await rename(temp, target);
        }
      }
      placed = true;
      await fsyncDirectory(path.dirname(target));
      return newEtag();
    } finally {
      if (!placed) await handle.close().catch(() => undefined);
      // Still there after a link, or after a refusal.
      await rm(temp, { force: true });
    }
  }

  /**
   * Writes one part in place at its offset of the upload's temp file (a part that arrives
   * before part 1 has started, when the offset is not known yet, goes to a file of its own).
   * Its record (size, ETag) is written only after the bytes are on disk, so a part cut off
   * midway is simply not listed and gets sent again.
   */
  async receivePart(
    grant: Extract<LocalGrant, { op: 'part' }>,
    body: Readable,
    length: number,
  ): Promise<string> {
    const paths = this.uploadPaths(grant.uploadId);
    if (this.closing.has(grant.uploadId)) {
      throw new LocalTransferError('busy', 'The upload is being completed or aborted');
    }
    const meta = await this.readMeta(paths.meta);
    if (!meta || meta.key !== grant.key) {
      throw new LocalTransferError('gone', 'No such multipart upload');
    }
    const recordPath = path.join(paths.parts, String(grant.part));
    const separatePath = `${recordPath}.data`;
    this.activeParts.set(grant.uploadId, (this.activeParts.get(grant.uploadId) ?? 0) + 1);
    try {
      const offset = await this.partOffset(grant.uploadId, paths.meta, meta, grant.part, length);
      await rm(recordPath, { force: true });
      let handle: FileHandle;
      try {
        handle =
          offset === undefined
            ? await open(separatePath, 'w', 0o600)
            : await open(paths.data, 'r+');
      } catch (error) {
        if (isMissing(error)) throw new LocalTransferError('gone', 'No such multipart upload');
        throw error;
      }
      try {
        await writeExactly(body, handle, offset ?? 0, length);
        // One fsync per part would flush every part in flight each time (a third of the
        // throughput); completion fsyncs the whole file once. See PartRecord.boot.
        if (!currentBoot) await handle.datasync();
      } finally {
        await handle.close();
      }
      const etag = newEtag();
      const record: PartRecord = {
        size: length,
        etag,
        ...(offset === undefined ? { separate: true } : {}),
        ...(currentBoot ? { boot: currentBoot } : {}),
      };
      const temp = `${recordPath}.${randomBytes(4).toString('hex')}.tmp`;
      try {
        await writeFile(temp, JSON.stringify(record));
        await rename(temp, recordPath);
      } catch (error) {
        await rm(temp, { force: true });
        if (isMissing(error)) throw new LocalTransferError('gone', 'No such multipart upload');
        throw error;
      }
      if (offset !== undefined) await rm(separatePath, { force: true });
      return etag;
    } finally {
      const left = (this.activeParts.get(grant.uploadId) ?? 1) - 1;
      if (left === 0) this.activeParts.delete(grant.uploadId);
      else this.activeParts.set(grant.uploadId, left);
    }
  }

  /**
   * Where part `part` of `length` bytes goes in the upload's file; undefined while the part
   * size is not known yet. Part 1 sets the part size as it starts; a later part longer than
   * it cannot belong to the upload.
   */
  private async partOffset(
    uploadId: string,
    metaPath: string,
    meta: MultipartMeta,
    part: number,
    length: number,
  ): Promise<number | undefined> {
    let partSize = this.partSizes.get(uploadId) ?? meta.partSize;
    if (part === 1 && partSize === undefined) {
      // Set before any await, so parts arriving meanwhile see it.
      this.partSizes.set(uploadId, length);
      partSize = length;
      await writeFileAtomically(metaPath, JSON.stringify({ ...meta, partSize: length }));
    }
    if (partSize === undefined) return undefined;
    if (part === 1 && length !== partSize) {
      throw new LocalTransferError(
        'part-size',
        `Part 1 of this upload was sent with ${partSize} bytes; every part but the last must have that size`,
      );
    }
    if (length > partSize) {
      throw new LocalTransferError(
        'part-size',
        `Every part but the last has ${partSize} bytes (the size of part 1), and the last no more`,
      );
    }
    const offset = (part - 1) * partSize;
    if (offset + length > this.maxObjectBytes) {
      throw new LocalTransferError('long', 'The upload would exceed the largest allowed file');
    }
    return offset;
  }

  /**
   * Opens a stored object for reading, optionally a byte range of it. An object is never
   * rewritten in place (a new one is renamed over its key), so its size and modification time
   * make a strong `etag`.
   */
  async openObject(key: string): Promise<{
    size: number;
    modifiedAt: Date;
    etag: string;
    body: (range?: { start: number; end: number }) => Promise<FileBody>;
  }> {
    const file = this.objectPath(key);
    const info = await stat(file, { bigint: true });
    if (!info.isFile()) throw Object.assign(new Error('not a file'), { code: 'ENOENT' });
    const size = Number(info.size);
    return {
      size,
      modifiedAt: new Date(Number(info.mtimeMs)),
      etag: `"${info.size.toString(16)}-${info.mtimeNs.toString(16)}"`,
      body: async (range = { start: 0, end: size - 1 }) => {
        const handle = await open(file, 'r');
        const bytes = Math.max(
          1,
          Math.min(this.downloadBufferBytes(), range.end - range.start + 1),
        );
        const buffer = Buffer.allocUnsafeSlow(bytes);
        this.downloadBuffersInUse += bytes;
        return new FileBody(handle, range, buffer, () => {
          this.downloadBuffersInUse -= bytes;
        });
      },
    };
  }

  /**
   * A download's buffer: 1 MiB while the buffers of the downloads under way stay within
   * `downloadBuffersBudget`, 256 KiB beyond. Fewer, larger writes cost the server about half the
   * CPU per GiB of 256 KiB ones (the `downloads` benchmark), and a buyer who reads slowly holds
   * the buffer until the socket takes it, so the budget bounds what many of them can hold.
   */
  private downloadBufferBytes(): number {
    return this.downloadBuffersInUse + largeDownloadBufferBytes <= downloadBuffersBudget
      ? largeDownloadBufferBytes
      : smallDownloadBufferBytes;
  }

  private async readMeta(file: string): Promise<MultipartMeta | undefined> {
    try {
      return JSON.parse(await readFile(file, 'utf8')) as MultipartMeta;
    } catch (error) {
      if (isMissing(error)) return undefined;
      throw error;
    }
  }

  private async readRecord(file: string): Promise<PartRecord | undefined> {
    try {
      const record = JSON.parse(await readFile(file, 'utf8')) as PartRecord;
      if (typeof record.size !== 'number' || typeof record.etag !== 'string') return undefined;
      if (record.boot !== undefined && record.boot !== currentBoot) return undefined;
      return record;
    } catch (error) {
      if (isMissing(error) || error instanceof SyntaxError) return undefined;
      throw error;
    }
  }
}
