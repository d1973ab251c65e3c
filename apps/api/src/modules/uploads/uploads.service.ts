import { randomUUID } from 'node:crypto';
import { limits } from '@seller/contract/limits';
import {
  checkUpload,
  multipartPartCount,
  multipartPartSize,
  type UploadKind,
} from '@seller/contract/upload-types';
import type { AvatarUploadUrlBody } from '@seller/contract/uploads/avatar-upload-url';
import type { CompleteMultipartUploadBody } from '@seller/contract/uploads/complete-multipart-upload';
import type { GetPartUploadUrlBody } from '@seller/contract/uploads/get-part-upload-url';
import type { UploadedPart } from '@seller/contract/uploads/list-uploaded-parts';
import type { UploadedObject } from '@seller/contract/uploads/upload-fields';
import type { UploadRow } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { type Storage, StorageIncompleteError } from '../../storage/storage.ts';
import type { UploadRepository } from './uploads.repository.ts';

/** How long a signed PUT (whole file or one part) stays usable. */
export const uploadUrlTtlSeconds = 60 * 60;

export interface DeclaredFile {
  fileName: string;
  fileType: string;
  fileSize: number;
}

export interface UploadsServiceDeps {
  uploads: UploadRepository;
  storage: Storage;
  ttlHours: number;
  now?: () => Date;
}

const uploadNotFound = () => new AppError('not_found', 'Upload not found');

function refusal(kind: UploadKind, reason: 'type' | 'size'): AppError {
  const isFile = kind === 'file';
  if (reason === 'type') {
    return new AppError(
      'file_type_not_allowed',
      isFile
        ? 'This file format is not allowed (pdf, zip, mp4, mpeg, mov, avi)'
        : 'This image format is not allowed (jpg, jpeg, png, gif, webp)',
      [{ path: 'fileType', message: isFile ? 'invalidFileType' : 'invalidImageType' }],
    );
  }
  const max =
    kind === 'file'
      ? '5 GB'
      : kind === 'image'
        ? '10 MB'
        : `${limits.avatar.maxBytes / 2 ** 20} MB`;
  return new AppError('file_too_large', `The file is larger than ${max}`, [
    { path: 'fileSize', message: isFile ? 'fileTooLarge' : 'imageTooLarge' },
  ]);
}

/**
 * The rules of uploads: what may be uploaded, who owns an upload, and its way from
 * pending to completed or aborted. Routes stay thin; the stores only move bytes.
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

  const result = (row: UploadRow): UploadedObject => ({
    s3Key: row.storageKey,
    bucket: storage.bucket,
    publicUrl: storage.publicUrl(row.storageKey),
  });

  const isExpired = (row: UploadRow) => row.state !== 'completed' && row.expiresAt <= now();

  /** The seller's unfinished multipart upload, or a 404 that reveals nothing. */
  async function findMultipart(sellerId: string, s3Key: string, uploadId: string) {
    const row = await uploads.findOwned(sellerId, s3Key, uploadId);
    if (!row || row.state === 'aborted' || isExpired(row)) throw uploadNotFound();
    return row;
  }

  /** Checks what the store holds against what was declared; a mismatch drops it. */
  async function verifyStored(row: UploadRow): Promise<void> {
    const stored = await storage.head(row.storageKey);
    if (!stored) {
      throw new AppError('upload_incomplete', 'The file has not been stored yet');
    }
    if (stored.size !== row.declaredSize) {
      await storage.delete(row.storageKey);
      await uploads.markAborted(row.id);
      throw new AppError(
        'upload_incomplete',
        `The stored file has ${stored.size} bytes instead of the declared ${row.declaredSize}`,
      );
    }
  }

  async function markCompleted(row: UploadRow): Promise<UploadedObject> {
    const updated = await uploads.markCompleted(row.id, expiry());
    if (updated) return result(updated);
    // Someone else finished (or aborted) it meanwhile.
    const current = await uploads.findOwned(row.sellerId, row.storageKey, row.multipartUploadId);
    if (current?.state === 'completed') return result(current);
    throw uploadNotFound();
  }

  async function startSingle(sellerId: string, kind: UploadKind, file: DeclaredFile) {
    const { extension, contentType } = admit(kind, file);
    const row = await uploads.insert({
      sellerId,
      kind,
      storageKey: newKey(sellerId, extension),
      multipartUploadId: null,
      originalName: file.fileName,
      extension,
      contentType,
      declaredSize: file.fileSize,
      expiresAt: expiry(),
    });
    const uploadUrl = await storage.presignPut(row.storageKey, {
      contentType,
      contentLength: file.fileSize,
      expiresInSeconds: uploadUrlTtlSeconds,
    });
    return { uploadUrl, row };
  }

  return {
    admit,

    async requestUploadUrl(sellerId: string, file: DeclaredFile & { isImage: boolean }) {
      const { uploadUrl, row } = await startSingle(sellerId, file.isImage ? 'image' : 'file', file);
      return { uploadUrl, ...result(row), contentType: row.contentType };
    },

    async requestAvatarUploadUrl(sellerId: string, file: AvatarUploadUrlBody) {
      const { uploadUrl, row } = await startSingle(sellerId, 'avatar', file);
      return {
        uploadUrl,
        publicUrl: storage.publicUrl(row.storageKey),
        s3Key: row.storageKey,
        contentType: row.contentType,
      };
    },

    /** Finishes a single-PUT upload once its bytes are stored with the declared size. */
    async completeSingle(sellerId: string, s3Key: string): Promise<UploadedObject> {
      const row = await uploads.findOwned(sellerId, s3Key, null);
      if (!row || row.state === 'aborted') throw uploadNotFound();
      if (row.state === 'completed') return result(row);
      await verifyStored(row);
      return markCompleted(row);
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
          declaredSize: file.fileSize,
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
      const count = multipartPartCount(row.declaredSize);
      if (input.partNumber > count) {
        throw new AppError('validation_failed', `This upload has ${count} parts`, [
          { path: 'partNumber', message: 'invalidPartNumber' },
        ]);
      }
      await uploads.markUploading(row.id);
      const uploadUrl = await storage.presignUploadPart(row.storageKey, input.uploadId, {
        partNumber: input.partNumber,
        contentLength: multipartPartSize(row.declaredSize, input.partNumber),
        expiresInSeconds: uploadUrlTtlSeconds,
      });
      return { uploadUrl };
    },

    async listParts(sellerId: string, s3Key: string, uploadId: string): Promise<UploadedPart[]> {
      const row = await findMultipart(sellerId, s3Key, uploadId);
      if (row.state === 'completed') {
        throw new AppError('conflict', 'This upload is already completed');
      }
      const parts = await storage.listParts(row.storageKey, uploadId);
      return parts.map((part) => ({
        PartNumber: part.partNumber,
        ETag: part.etag,
        Size: part.size,
      }));
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
          expectedSize: row.declaredSize,
        });
      } catch (error) {
        if (error instanceof StorageIncompleteError) {
          throw new AppError('upload_incomplete', error.message);
        }
        throw error;
      }
      await verifyStored(row);
      return markCompleted(row);
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
  };
}

export type UploadsService = ReturnType<typeof createUploadsService>;
