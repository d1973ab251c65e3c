import AwsS3, { type AwsS3Part } from '@uppy/aws-s3';
import Uppy, { type UppyFile } from '@uppy/core';

/**
 * Uppy's S3 uploader wired to the seller center's upload endpoints, as docs/integrations.md
 * describes it: a single PUT up to 100 MB, multipart above it with parts of the size the
 * integrator chooses. Each file's `s3Key` lands in its meta data; pass the keys to
 * `POST /api/products/create` (or `PUT /api/products/{id}`) once the upload is done — those
 * calls check and claim the uploads, nothing else is needed.
 */

export interface SellerCenterUppyOptions {
  /** Where the API answers, e.g. `https://seller.example.com`. */
  apiBase: string;
  /** A signed-in seller's token (`POST /api/auth/login`). */
  token: string;
  /** Part size for multipart uploads: 5 MiB to 5 GiB (default 8 MiB). */
  partBytes?: number;
  /** Files above this go multipart (default 100 MB). */
  multipartAboveBytes?: number;
}

export type SellerCenterMeta = { s3Key?: string; isImage?: boolean };
type Body = Record<string, unknown>;
type File = UppyFile<SellerCenterMeta, Body>;

const MiB = 1024 * 1024;

export function createSellerCenterUppy(options: SellerCenterUppyOptions) {
  const { apiBase, token } = options;
  const absolute = (url: string) => new URL(url, apiBase).href;

  async function call<T>(path: string, body: unknown): Promise<T> {
    const response = await fetch(absolute(path), {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (!response.ok) {
      const error = (await response.json().catch(() => ({}))) as { error?: string; code?: string };
      throw new Error(`${path}: ${response.status} ${error.code ?? ''} ${error.error ?? ''}`);
    }
    return (response.status === 204 ? undefined : await response.json()) as T;
  }

  const uppy = new Uppy<SellerCenterMeta, Body>();
  uppy.use(AwsS3, {
    shouldUseMultipart: (file: File) =>
      (file.size ?? 0) > (options.multipartAboveBytes ?? 100 * MiB),
    getChunkSize: () => options.partBytes ?? 8 * MiB,

    // Single PUT: the URL is signed for the type the browser reports, sent back as is.
    async getUploadParameters(file: File) {
      const started = await call<{ uploadUrl: string; s3Key: string; contentType: string }>(
        '/api/products/get-upload-url',
        {
          fileName: file.name,
          fileType: file.type ?? '',
          fileSize: file.size,
          isImage: file.meta.isImage === true,
        },
      );
      uppy.setFileMeta(file.id, { s3Key: started.s3Key });
      return {
        method: 'PUT' as const,
        url: absolute(started.uploadUrl),
        headers: { 'content-type': started.contentType },
      };
    },

    async createMultipartUpload(file: File) {
      const started = await call<{ uploadId: string; s3Key: string }>(
        '/api/products/start-multipart-upload',
        { fileName: file.name, fileType: file.type ?? '', fileSize: file.size },
      );
      uppy.setFileMeta(file.id, { s3Key: started.s3Key });
      return { uploadId: started.uploadId, key: started.s3Key };
    },

    // Each part's URL is asked for just before it is sent, bound to the part's length.
    async signPart(
      _file: File,
      part: { uploadId: string; key: string; partNumber: number; body: Blob },
    ) {
      const { uploadUrl } = await call<{ uploadUrl: string }>('/api/products/get-part-upload-url', {
        s3Key: part.key,
        uploadId: part.uploadId,
        partNumber: part.partNumber,
        contentLength: part.body.size,
      });
      return { url: absolute(uploadUrl) };
    },

    async listParts(_file: File, { uploadId, key }: { uploadId?: string; key: string }) {
      const { parts } = await call<{ parts: AwsS3Part[] }>('/api/products/list-uploaded-parts', {
        s3Key: key,
        uploadId,
      });
      return parts;
    },

    async completeMultipartUpload(
      _file: File,
      { uploadId, key, parts }: { uploadId: string; key: string; parts: AwsS3Part[] },
    ) {
      await call('/api/products/complete-multipart-upload', { s3Key: key, uploadId, parts });
      return {};
    },

    async abortMultipartUpload(_file: File, { uploadId, key }: { uploadId?: string; key: string }) {
      if (!uploadId) return;
      await call('/api/products/abort-multipart-upload', { s3Key: key, uploadId });
    },
  });
  return uppy;
}
