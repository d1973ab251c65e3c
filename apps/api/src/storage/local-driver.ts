import { randomBytes } from 'node:crypto';
import { createReadStream, readFileSync } from 'node:fs';
import {
  type FileHandle,
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
import type { Readable } from 'node:stream';
import { limits } from '@seller/contract/limits';
import { multipartPartCount, multipartPartSize } from '@seller/contract/upload-types';
import { type LocalGrant, signGrant, verifyGrantWithAny } from './local-signing.ts';
import {
  type CompleteMultipartOptions,
  type PresignGetOptions,
  type PresignPartOptions,
  type PresignPutOptions,
  type Storage,
  StorageIncompleteError,
  type StoredObject,
  type StoredPart,
} from './storage.ts';

export interface LocalStorageOptions {
  root: string;
  signingSecret: string;
  /** Retired keys: URLs they signed are still honoured until they expire. */
  previousSigningSecrets?: readonly string[];
  /** Prefix of the URLs handed to browsers: '' (same origin) or PUBLIC_URL. */
  publicBaseUrl: string;
  now?: () => number;
}

/** Why a PUT to a local URL was refused; the routes map these to HTTP answers. */
export class LocalTransferError extends Error {
  override name = 'LocalTransferError';
  constructor(
    readonly reason: 'short' | 'long' | 'gone' | 'busy',
    message: string,
  ) {
    super(message);
  }
}

interface PartRecord {
  size: number;
  etag: string;
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
}

const keyPattern = /^[A-Za-z0-9][A-Za-z0-9._-]*(\/[A-Za-z0-9][A-Za-z0-9._-]*)*$/;
const uploadIdPattern = /^[0-9a-f]{32}$/;
/** Bytes gathered before one positional write; bounds memory per transfer. */
const writeBatchBytes = 1024 * 1024;

const newEtag = () => `"${randomBytes(16).toString('hex')}"`;

function isMissing(error: unknown): boolean {
  return (error as NodeJS.ErrnoException)?.code === 'ENOENT';
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

/** The local disk driver: objects under `root/<key>`, unfinished uploads under `root/.incoming`. */
export class LocalStorage implements Storage {
  readonly driver = 'local' as const;
  readonly bucket = 'local';
  readonly browserOrigins: string[] = [];
  readonly root: string;
  /** Every part but the last has exactly this many bytes (5 MiB, as on S3). */
  readonly partBytes: number = limits.multipart.partBytes;
  private readonly incoming: string;
  private readonly secret: string;
  private readonly previousSecrets: readonly string[];
  private readonly baseUrl: string;
  private readonly now: () => number;
  /** Part writes in flight per upload id, so completion never races a late part. */
  private readonly activeParts = new Map<string, number>();
  /** Upload ids being completed or aborted: no new part may start writing. */
  private readonly closing = new Set<string>();

  constructor(options: LocalStorageOptions) {
    this.root = path.resolve(options.root);
    this.incoming = path.join(this.root, '.incoming');
    this.secret = options.signingSecret;
    this.previousSecrets = options.previousSigningSecrets ?? [];
    this.baseUrl = options.publicBaseUrl.replace(/\/+$/, '');
    this.now = options.now ?? Date.now;
  }

  async init(): Promise<void> {
    await mkdir(this.incoming, { recursive: true, mode: 0o700 });
  }

  // --- paths --------------------------------------------------------------------------

  objectPath(key: string): string {
    if (key.length > 512 || !keyPattern.test(key)) throw new Error(`unsafe storage key ${key}`);
    return path.join(this.root, ...key.split('/'));
  }

  private uploadPaths(uploadId: string) {
    if (!uploadIdPattern.test(uploadId)) throw new Error('unsafe upload id');
    const data = path.join(this.incoming, uploadId);
    return { data, meta: `${data}.json`, parts: `${data}.parts` };
  }

  private expiry(expiresInSeconds: number): number {
    return Math.floor(this.now() / 1000) + expiresInSeconds;
  }

  private url(kind: 'upload' | 'download', grant: LocalGrant): string {
    return `${this.baseUrl}/storage/${kind}/${signGrant(this.secret, grant)}`;
  }

  verify(token: string) {
    return verifyGrantWithAny([this.secret, ...this.previousSecrets], token, this.now());
  }

  // --- Storage ------------------------------------------------------------------------

  publicUrl(key: string): string {
    return `${this.baseUrl}/storage/public/${key}`;
  }

  keyFromPublicUrl(url: string): string | undefined {
    const prefix = `${this.baseUrl}/storage/public/`;
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
      type: options.contentType,
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
      length: options.contentLength,
      exp: this.expiry(options.expiresInSeconds),
    });
  }

  async listParts(key: string, uploadId: string): Promise<StoredPart[]> {
    const paths = this.uploadPaths(uploadId);
    const meta = await this.readMeta(paths.meta);
    if (!meta || meta.key !== key) return [];
    let names: string[];
    try {
      names = await readdir(paths.parts);
    } catch (error) {
      if (isMissing(error)) return [];
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

  async completeMultipartUpload(
    key: string,
    uploadId: string,
    options: CompleteMultipartOptions,
  ): Promise<void> {
    const paths = this.uploadPaths(uploadId);
    const target = this.objectPath(key);
    const meta = await this.readMeta(paths.meta);
    if (!meta) {
      // Completed before (a retried call): the object is in place with its size.
      if ((await this.head(key))?.size === options.expectedSize) return;
      throw new StorageIncompleteError('No such multipart upload');
    }
    if (meta.key !== key) throw new StorageIncompleteError('No such multipart upload');
    if ((this.activeParts.get(uploadId) ?? 0) > 0) {
      throw new StorageIncompleteError('Parts are still being uploaded');
    }
    this.closing.add(uploadId);
    try {
      const count = multipartPartCount(options.expectedSize, this.partBytes);
      const requested = [...options.parts].sort((a, b) => a.partNumber - b.partNumber);
      if (requested.length !== count || requested.some((p, i) => p.partNumber !== i + 1)) {
        throw new StorageIncompleteError(`Expected parts 1 to ${count}`);
      }
      for (const part of requested) {
        const record = await this.readRecord(path.join(paths.parts, String(part.partNumber)));
        const expectedSize = multipartPartSize(
          options.expectedSize,
          part.partNumber,
          this.partBytes,
        );
        if (!record) throw new StorageIncompleteError(`Part ${part.partNumber} is missing`);
        if (record.etag !== part.etag && `"${part.etag}"` !== record.etag) {
          throw new StorageIncompleteError(`Part ${part.partNumber} has another ETag`);
        }
        if (record.size !== expectedSize) {
          throw new StorageIncompleteError(`Part ${part.partNumber} has the wrong size`);
        }
      }
      const handle = await open(paths.data, 'r+');
      try {
        const { size } = await handle.stat();
        if (size !== options.expectedSize) {
          throw new StorageIncompleteError('The assembled size differs from the declared size');
        }
        await handle.sync();
      } finally {
        await handle.close();
      }
      await mkdir(path.dirname(target), { recursive: true });
      await rename(paths.data, target);
      await fsyncDirectory(path.dirname(target));
      await rm(paths.parts, { recursive: true, force: true });
      await rm(paths.meta, { force: true });
      await fsyncDirectory(this.incoming);
    } finally {
      this.closing.delete(uploadId);
    }
  }

  async abortMultipartUpload(_key: string, uploadId: string): Promise<void> {
    const paths = this.uploadPaths(uploadId);
    this.closing.add(uploadId);
    try {
      await rm(paths.meta, { force: true });
      await rm(paths.parts, { recursive: true, force: true });
      await rm(paths.data, { force: true });
    } finally {
      this.closing.delete(uploadId);
    }
  }

  async presignGet(key: string, options: PresignGetOptions): Promise<string> {
    this.objectPath(key);
    return this.url('download', {
      op: 'get',
      key,
      name: options.fileName,
      type: options.contentType,
      exp: this.expiry(options.expiresInSeconds),
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

  /** Streams a single PUT into a temp file, then fsyncs and renames it into place. */
  async receiveObject(key: string, body: Readable, length: number): Promise<string> {
    const target = this.objectPath(key);
    await this.init();
    const temp = path.join(this.incoming, `put-${randomBytes(12).toString('hex')}`);
    const handle = await open(temp, 'wx', 0o600);
    let kept = false;
    try {
      await writeExactly(body, handle, 0, length);
      await handle.sync();
      await handle.close();
      await mkdir(path.dirname(target), { recursive: true });
      await rename(temp, target);
      kept = true;
      await fsyncDirectory(path.dirname(target));
      return newEtag();
    } finally {
      if (!kept) {
        await handle.close().catch(() => undefined);
        await rm(temp, { force: true });
      }
    }
  }

  /**
   * Writes one part in place at its offset of the upload's temp file. Its record (size,
   * ETag) is written only after the bytes are on disk, so a part cut off midway is simply
   * not listed and gets sent again.
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
    this.activeParts.set(grant.uploadId, (this.activeParts.get(grant.uploadId) ?? 0) + 1);
    try {
      await rm(recordPath, { force: true });
      let handle: FileHandle;
      try {
        handle = await open(paths.data, 'r+');
      } catch (error) {
        if (isMissing(error)) throw new LocalTransferError('gone', 'No such multipart upload');
        throw error;
      }
      try {
        await writeExactly(body, handle, (grant.part - 1) * this.partBytes, length);
        // One fsync per part would flush every part in flight each time (a third of the
        // throughput); completion fsyncs the whole file once. See PartRecord.boot.
        if (!currentBoot) await handle.datasync();
      } finally {
        await handle.close();
      }
      const etag = newEtag();
      const record: PartRecord = currentBoot
        ? { size: length, etag, boot: currentBoot }
        : { size: length, etag };
      const temp = `${recordPath}.${randomBytes(4).toString('hex')}.tmp`;
      try {
        await writeFile(temp, JSON.stringify(record));
        await rename(temp, recordPath);
      } catch (error) {
        await rm(temp, { force: true });
        if (isMissing(error)) throw new LocalTransferError('gone', 'No such multipart upload');
        throw error;
      }
      return etag;
    } finally {
      const left = (this.activeParts.get(grant.uploadId) ?? 1) - 1;
      if (left === 0) this.activeParts.delete(grant.uploadId);
      else this.activeParts.set(grant.uploadId, left);
    }
  }

  /** Opens a stored object for reading, optionally a byte range of it. */
  async openObject(
    key: string,
  ): Promise<{ size: number; stream: (range?: { start: number; end: number }) => Readable }> {
    const file = this.objectPath(key);
    const info = await stat(file);
    if (!info.isFile()) throw Object.assign(new Error('not a file'), { code: 'ENOENT' });
    return {
      size: info.size,
      stream: (range) =>
        createReadStream(file, range ? { start: range.start, end: range.end } : {}),
    };
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
