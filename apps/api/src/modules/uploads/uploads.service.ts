import { randomUUID } from 'node:crypto';
import { limits } from '@seller/contract/limits';
import {
  checkUpload,
  isReportedTypeOf,
  mediaType,
  type UploadKind,
  uploadKindRules,
  uploadTypeRule,
} from '@seller/contract/upload-types';
import type { avatarUploadUrlBodySchema } from '@seller/contract/uploads/avatar-upload-url';
import type { CompleteMultipartUploadBody } from '@seller/contract/uploads/complete-multipart-upload';
import type { GetPartUploadUrlBody } from '@seller/contract/uploads/get-part-upload-url';
import type { getUploadUrlBodySchema } from '@seller/contract/uploads/get-upload-url';
import type { UploadedPart } from '@seller/contract/uploads/list-uploaded-parts';
import type { startMultipartUploadBodySchema } from '@seller/contract/uploads/start-multipart-upload';
import type { UploadedObject } from '@seller/contract/uploads/upload-fields';
import type { z } from 'zod';
import type { Database } from '../../db/client.ts';
import type { UploadRow } from '../../db/schema.ts';
import { AppError, invalidField } from '../../lib/app-error.ts';
import {
  type Storage,
  StorageIncompleteError,
  StoragePartTooSmallError,
  StorageUploadGoneError,
} from '../../storage/storage.ts';
import type { ClaimedUpload, UploadRepository, VerifiedUpload } from './uploads.repository.ts';

/** How long a signed PUT (whole file or one part) stays usable. */
export const uploadUrlTtlSeconds = 60 * 60;

/** A file as a seller declares it to start an upload; a multipart upload may leave out its size. */
export type DeclaredFile = z.output<typeof startMultipartUploadBodySchema>;

export interface UploadsServiceDeps {
  uploads: UploadRepository;
  storage: Storage;
  ttlHours: number;
  now?: () => Date;
}

const uploadNotFound = () => new AppError('not_found', 'Upload not found');

const humanLimit = (bytes: number) =>
  bytes >= 2 ** 30 ? `${bytes / 2 ** 30} GB` : `${bytes / 2 ** 20} MB`;

function refusal(kind: UploadKind, reason: 'type' | 'size'): AppError {
  const isFile = kind === 'file';
  if (reason === 'type') {
    return new AppError(
      'file_type_not_allowed',
      isFile
        ? 'This file format is not allowed (pdf, zip, mp4, mpeg, mov, avi)'
        : 'This image format is not allowed (jpg, jpeg, png, gif, webp)',
      [{ path: 'fileType', code: isFile ? 'invalidFileType' : 'invalidImageType' }],
    );
  }
  const max =
    kind === 'file'
      ? limits.productFiles.maxBytes
      : kind === 'image'
        ? limits.thumbnails.maxBytes
        : limits.avatar.maxBytes;
  return new AppError('file_too_large', `The file is larger than ${humanLimit(max)}`, [
    { path: 'fileSize', code: isFile ? 'fileTooLarge' : 'imageTooLarge' },
  ]);
}

/**
 * The rules of uploads: what may be uploaded, who owns an upload, and its way from
 * pending to completed or aborted and attached. Routes stay thin; the stores only move bytes.
 */
export function createUploadsService(deps: UploadsServiceDeps) {
  const { uploads, storage } = deps;
  const now = deps.now ?? (() => new Date());
  const ttlMs = deps.ttlHours * 60 * 60 * 1000;
  const expiry = () => new Date(now().getTime() + ttlMs);

  function admit(kind: UploadKind, file: DeclaredFile) {
    const check = checkUpload(kind, {
      name: file.fileName,
      type: file.fileType,
      size: file.fileSize,
    });
    if (!check.ok) throw refusal(kind, check.reason);
    return check;
  }

  const newKey = (sellerId: string, extension: string) =>
    `sellers/${sellerId}/${randomUUID()}.${extension}`;

  /** Only images are public; a product file's bytes are reached through signed downloads. */
  const publicUrlOf = (row: UploadRow) =>
    row.kind === 'file' ? null : storage.publicUrl(row.storageKey);

  const result = (row: UploadRow): UploadedObject => ({
    s3Key: row.storageKey,
    bucket: storage.bucket,
    publicUrl: publicUrlOf(row),
  });

  const isExpired = (row: UploadRow) => row.state !== 'completed' && row.expiresAt <= now();

  /** The seller's unfinished multipart upload, or a 404 that reveals nothing. */
  async function findMultipart(sellerId: string, s3Key: string, uploadId: string) {
    const row = await uploads.findOwned(sellerId, s3Key, uploadId);
    if (!row || row.state === 'aborted' || isExpired(row)) throw uploadNotFound();
    return row;
  }

  type StoredCheck = { ok: true; size: number } | { ok: false; error: AppError; drop: boolean };

  /**
   * What the store holds against what the upload allows: present, of the declared size (or
   * within the kind's limit when none was declared), of a type the URL allowed.
   */
  async function checkStored(row: UploadRow): Promise<StoredCheck> {
    const stored = await storage.head(row.storageKey);
    if (!stored) {
      return {
        ok: false,
        drop: false,
        error: new AppError('upload_incomplete', 'The file has not been stored yet', [
          { path: row.storageKey, code: 'uploadIncomplete' },
        ]),
      };
    }
    if (row.declaredSize !== null && stored.size !== row.declaredSize) {
      return {
        ok: false,
        drop: true,
        error: new AppError(
          'upload_incomplete',
          `The stored file has ${stored.size} bytes instead of the declared ${row.declaredSize}`,
          [{ path: row.storageKey, code: 'uploadIncomplete' }],
        ),
      };
    }
    if (stored.size > uploadKindRules[row.kind].maxBytes) {
      return { ok: false, drop: true, error: refusal(row.kind, 'size') };
    }
    // The store enforced a signed type; a URL that accepted any type is checked here, so a
    // public image is never served as something else.
    const rule = uploadTypeRule(row.kind, row.extension);
    if (
      row.multipartUploadId === null &&
      row.signedContentType === null &&
      stored.contentType !== undefined &&
      (!rule || !isReportedTypeOf(rule, stored.contentType))
    ) {
      return { ok: false, drop: true, error: refusal(row.kind, 'type') };
    }
    return { ok: true, size: stored.size };
  }

  /** Like `checkStored`, but a refusal drops the bytes and the upload, and throws. */
  async function verifyStored(row: UploadRow): Promise<number> {
    const check = await checkStored(row);
    if (check.ok) return check.size;
    if (check.drop) {
      await storage.delete(row.storageKey);
      await uploads.markAborted(row.id);
    }
    throw check.error;
  }

  async function markCompleted(row: UploadRow, size: number): Promise<UploadedObject> {
    const updated = await uploads.markCompleted(row.id, size, expiry());
    if (updated) return result(updated);
    // Someone else finished (or aborted) it meanwhile.
    const current = await uploads.findOwned(row.sellerId, row.storageKey, row.multipartUploadId);
    if (current?.state === 'completed') return result(current);
    throw uploadNotFound();
  }

  /**
   * The `Content-Type` a single PUT is signed for: exactly what the client declared, so a
   * browser that sends its own alias (`image/jpg`, `application/x-zip-compressed`) is
   * accepted. Nothing declared: any type is accepted, and checked once stored.
   */
  const typeToSign = (declared: string): string | null =>
    mediaType(declared) === '' ? null : declared;

  async function startSingle(sellerId: string, kind: UploadKind, file: DeclaredFile) {
    const { extension, contentType } = admit(kind, file);
    const declaredSize = file.fileSize ?? 0;
    const signedContentType = typeToSign(file.fileType);
    const row = await uploads.insert({
      sellerId,
      kind,
      storageKey: newKey(sellerId, extension),
      multipartUploadId: null,
      originalName: file.fileName,
      extension,
      contentType,
      signedContentType,
      declaredSize,
      expiresAt: expiry(),
    });
    const uploadUrl = await storage.presignPut(row.storageKey, {
      contentType: signedContentType ?? undefined,
      contentLength: declaredSize,
      expiresInSeconds: uploadUrlTtlSeconds,
    });
    return { uploadUrl, row, sendContentType: signedContentType ?? contentType };
  }

  /** The most bytes a part of this upload may have. */
  const partCeiling = (row: UploadRow) =>
    Math.min(limits.multipart.maxPartBytes, row.declaredSize ?? limits.productFiles.maxBytes);

  /** With a declared size, the most parts it can take at the minimum part size. */
  const partCountCeiling = (row: UploadRow) =>
    row.declaredSize === null
      ? limits.multipart.maxParts
      : Math.max(1, Math.ceil(row.declaredSize / limits.multipart.minPartBytes));

  return {
    admit,

    async requestUploadUrl(sellerId: string, file: z.output<typeof getUploadUrlBodySchema>) {
      const { uploadUrl, row, sendContentType } = await startSingle(
        sellerId,
        file.isImage ? 'image' : 'file',
        file,
      );
      return { uploadUrl, ...result(row), contentType: sendContentType };
    },

    async requestAvatarUploadUrl(
      sellerId: string,
      file: z.output<typeof avatarUploadUrlBodySchema>,
    ) {
      const { uploadUrl, row, sendContentType } = await startSingle(sellerId, 'avatar', file);
      return {
        uploadUrl,
        publicUrl: storage.publicUrl(row.storageKey),
        s3Key: row.storageKey,
        contentType: sendContentType,
      };
    },

    /**
     * Whether a single PUT may store the bytes of `key` again over the ones it stored before
     * (a retry whose first answer was lost): only while the upload is pending, within its time
     * and used by nothing. Once completed or claimed, the stored bytes are the file's for good.
     */
    async acceptsBytesAgain(key: string): Promise<boolean> {
      const row = await uploads.findByKey(key);
      return (
        row !== undefined &&
        row.multipartUploadId === null &&
        row.state === 'pending' &&
        row.attachedAt === null &&
        !isExpired(row)
      );
    },

    /** Finishes a single-PUT upload once its bytes are stored with the declared size. */
    async completeSingle(sellerId: string, s3Key: string): Promise<UploadedObject> {
      const row = await uploads.findOwned(sellerId, s3Key, null);
      if (!row || row.state === 'aborted') throw uploadNotFound();
      if (row.state === 'completed') return result(row);
      return markCompleted(row, await verifyStored(row));
    },

    async startMultipart(sellerId: string, file: DeclaredFile) {
      const { extension, contentType } = admit('file', file);
      const storageKey = newKey(sellerId, extension);
      const uploadId = await storage.createMultipartUpload(storageKey, { contentType });
      try {
        await uploads.insert({
          sellerId,
          kind: 'file',
          storageKey,
          multipartUploadId: uploadId,
          originalName: file.fileName,
          extension,
          contentType,
          signedContentType: null,
          declaredSize: file.fileSize ?? null,
          expiresAt: expiry(),
        });
      } catch (error) {
        await storage.abortMultipartUpload(storageKey, uploadId).catch(() => undefined);
        throw error;
      }
      return {
        uploadId,
        s3Key: storageKey,
        bucket: storage.bucket,
        partSize: limits.multipart.partBytes,
      };
    },

    async partUploadUrl(sellerId: string, input: GetPartUploadUrlBody) {
      const row = await findMultipart(sellerId, input.s3Key, input.uploadId);
      if (row.state === 'completed') {
        throw new AppError('conflict', 'This upload is already completed');
      }
      const maxParts = partCountCeiling(row);
      if (input.partNumber > maxParts) {
        throw invalidField(
          'partNumber',
          'invalidPartNumber',
          `This upload has at most ${maxParts} parts`,
        );
      }
      const maxLength = partCeiling(row);
      if (input.contentLength !== undefined && input.contentLength > maxLength) {
        throw invalidField(
          'contentLength',
          'partTooLarge',
          `A part of this upload has at most ${maxLength} bytes`,
        );
      }
      await uploads.markUploading(row.id);
      const uploadUrl = await storage.presignUploadPart(row.storageKey, input.uploadId, {
        partNumber: input.partNumber,
        contentLength: input.contentLength,
        maxLength,
        expiresInSeconds: uploadUrlTtlSeconds,
      });
      return { uploadUrl };
    },

    /** The stored parts; a 404 when the store no longer has the upload, so a client starts afresh. */
    async listParts(sellerId: string, s3Key: string, uploadId: string): Promise<UploadedPart[]> {
      const row = await findMultipart(sellerId, s3Key, uploadId);
      if (row.state === 'completed') {
        throw new AppError('conflict', 'This upload is already completed');
      }
      try {
        const parts = await storage.listParts(row.storageKey, uploadId);
        return parts.map((part) => ({
          PartNumber: part.partNumber,
          ETag: part.etag,
          Size: part.size,
        }));
      } catch (error) {
        if (error instanceof StorageUploadGoneError) {
          await uploads.markAborted(row.id);
          throw uploadNotFound();
        }
        throw error;
      }
    },

    async completeMultipart(
      sellerId: string,
      input: CompleteMultipartUploadBody,
    ): Promise<UploadedObject> {
      const row = await findMultipart(sellerId, input.s3Key, input.uploadId);
      if (row.state === 'completed') return result(row);
      try {
        await storage.completeMultipartUpload(row.storageKey, input.uploadId, {
          parts: input.parts.map((part) => ({ partNumber: part.PartNumber, etag: part.ETag })),
          expectedSize: row.declaredSize ?? undefined,
        });
      } catch (error) {
        if (error instanceof StoragePartTooSmallError) {
          throw new AppError('upload_part_too_small', error.message, [
            { path: 'parts', code: 'partTooSmall' },
          ]);
        }
        if (error instanceof StorageIncompleteError) {
          throw new AppError('upload_incomplete', error.message, [
            { path: 'parts', code: 'uploadIncomplete' },
          ]);
        }
        throw error;
      }
      return markCompleted(row, await verifyStored(row));
    },

    /** Cancels an upload nothing uses yet and drops its bytes; a second call does nothing. */
    async abort(sellerId: string, s3Key: string, uploadId: string): Promise<void> {
      const row = await uploads.findOwned(sellerId, s3Key, uploadId);
      if (!row) throw uploadNotFound();
      if (row.state === 'aborted') return;
      if (row.attachedAt) throw new AppError('conflict', 'This upload is in use');
      if (!(await uploads.markAborted(row.id))) {
        const current = await uploads.findOwned(sellerId, s3Key, uploadId);
        if (current?.state === 'aborted') return;
        throw new AppError('conflict', 'This upload is in use');
      }
      if (row.state === 'completed') await storage.delete(row.storageKey);
      else await storage.abortMultipartUpload(row.storageKey, uploadId);
    },

    /**
     * Attaches the seller's uploads (to a product, or as the avatar) inside the caller's
     * transaction. Each key must be an upload of this seller and kind that nothing uses yet:
     * completed, or a single PUT whose bytes the store holds as granted (checked here, and
     * completed in the same statement that attaches it). Returns them in the order of `keys`;
     * otherwise marks nothing and throws a 400, so the caller's transaction rolls back.
     */
    async claim(
      tx: Database,
      sellerId: string,
      keys: readonly string[],
      kind: UploadKind,
    ): Promise<ClaimedUpload[]> {
      if (keys.length === 0) return [];
      if (new Set(keys).size !== keys.length) {
        throw new AppError('upload_not_found', 'The same upload is listed twice');
      }
      const rows = await uploads.findClaimable(tx, sellerId, keys, kind);
      const byKey = new Map(rows.map((row) => [row.storageKey, row]));
      const missing = keys.filter((key) => {
        const row = byKey.get(key);
        if (!row) return true;
        if (row.state === 'completed') return false;
        // Unfinished: only a single PUT still within its time can be finished here.
        return row.multipartUploadId !== null || isExpired(row);
      });
      if (missing.length > 0) {
        throw new AppError(
          'upload_not_found',
          'An uploaded file is missing, unfinished or already used',
          missing.map((key) => ({ path: key, code: 'uploadNotFound' })),
        );
      }
      const unverified = rows.filter((row) => row.state !== 'completed');
      const checks = await Promise.all(unverified.map((row) => checkStored(row)));
      const verified: VerifiedUpload[] = [];
      checks.forEach((check, index) => {
        const row = unverified[index] as UploadRow;
        // The upload stays as it is: the client may still PUT the right bytes and try again.
        if (!check.ok) throw check.error;
        verified.push({ id: row.id, size: check.size });
      });
      const completedIds = rows.filter((row) => row.state === 'completed').map((row) => row.id);
      const marked = await uploads.attach(tx, completedIds, verified, expiry());
      if (marked !== keys.length) {
        // Another request attached or aborted one of them meanwhile.
        throw new AppError('upload_not_found', 'An uploaded file is already used');
      }
      const sizes = new Map(verified.map((upload) => [upload.id, upload.size]));
      return keys.map((key) => {
        const row = byKey.get(key) as UploadRow;
        return {
          key: row.storageKey,
          originalName: row.originalName,
          extension: row.extension,
          contentType: row.contentType,
          size: row.size ?? sizes.get(row.id) ?? 0,
        };
      });
    },
  };
}

export type UploadsService = ReturnType<typeof createUploadsService>;
