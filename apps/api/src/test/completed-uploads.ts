import { mkdir, truncate, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { GetUploadUrlResponse } from '@seller/contract/uploads/get-upload-url';
import type { UploadedObject } from '@seller/contract/uploads/upload-fields';
import type { FastifyInstance } from 'fastify';
import { bearer } from './sellers.ts';

/** A completed upload as the API reported it, and the file it holds. */
export type TestUpload = UploadedObject & {
  originalName: string;
  size: number;
  type: string;
  bytes: Buffer;
};

/** The path and query of an upload URL (local driver URLs point at this server). */
export function localPath(url: string): string {
  const parsed = new URL(url, 'http://localhost');
  return `${parsed.pathname}${parsed.search}`;
}

/** Asks for an upload URL only: the upload stays pending (never sent, never completed). */
export async function startUpload(
  app: FastifyInstance,
  token: string,
  file: { name: string; type: string; bytes: Buffer; isImage: boolean },
) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/products/get-upload-url',
    headers: bearer(token),
    payload: {
      fileName: file.name,
      fileType: file.type,
      fileSize: file.bytes.length,
      isImage: file.isImage,
    },
  });
  if (response.statusCode !== 200) {
    throw new Error(`get-upload-url failed: ${response.statusCode} ${response.body}`);
  }
  return response.json<GetUploadUrlResponse>();
}

/** A completed upload of this seller, made through the real upload API. */
export async function uploadCompleted(
  app: FastifyInstance,
  token: string,
  file: { name: string; type: string; bytes?: Buffer; isImage?: boolean },
): Promise<TestUpload> {
  const bytes = file.bytes ?? Buffer.from(`bytes of ${file.name} ${Math.random()}`);
  const isImage = file.isImage ?? file.type.startsWith('image/');
  const started = await startUpload(app, token, { ...file, bytes, isImage });
  const headers = { 'content-type': started.contentType, 'content-length': String(bytes.length) };
  // The local store's URLs are this server's paths; an S3 store's are the store's own.
  if (localPath(started.uploadUrl).startsWith('/storage/upload/')) {
    const put = await app.inject({
      method: 'PUT',
      url: localPath(started.uploadUrl),
      headers,
      payload: bytes,
    });
    if (put.statusCode >= 300) throw new Error(`upload PUT failed: ${put.statusCode} ${put.body}`);
  } else {
    const put = await fetch(started.uploadUrl, { method: 'PUT', headers, body: bytes });
    if (!put.ok) throw new Error(`upload PUT failed: ${put.status} ${await put.text()}`);
  }
  const completed = await app.inject({
    method: 'POST',
    url: '/api/products/complete-upload',
    headers: bearer(token),
    payload: { s3Key: started.s3Key },
  });
  if (completed.statusCode !== 200) {
    throw new Error(`complete-upload failed: ${completed.statusCode} ${completed.body}`);
  }
  const result = completed.json<UploadedObject>();
  return { ...result, originalName: file.name, size: bytes.length, type: file.type, bytes };
}

/**
 * A product file upload of `size` bytes whose bytes are a sparse file of zeros written straight
 * under the local store's `root` (a file of gigabytes without the disk or the time to send it);
 * the upload stays pending, as after its PUT, and is claimed by the call that attaches it.
 */
export async function sparseUpload(
  app: FastifyInstance,
  token: string,
  root: string,
  file: { name: string; type: string; size: number },
): Promise<GetUploadUrlResponse> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/products/get-upload-url',
    headers: bearer(token),
    payload: { fileName: file.name, fileType: file.type, fileSize: file.size, isImage: false },
  });
  if (response.statusCode !== 200) {
    throw new Error(`get-upload-url failed: ${response.statusCode} ${response.body}`);
  }
  const started = response.json<GetUploadUrlResponse>();
  const target = path.join(root, ...started.s3Key.split('/'));
  await mkdir(path.dirname(target), { recursive: true });
  await writeFile(target, '');
  await truncate(target, file.size);
  return started;
}

/** The public URL of an uploaded image (product files have none). */
export function publicUrlOf(upload: UploadedObject): string {
  if (upload.publicUrl === null) throw new Error(`${upload.s3Key} has no public URL`);
  return upload.publicUrl;
}

export const pdf = (name = 'guide.pdf', bytes?: Buffer) => ({
  name,
  type: 'application/pdf',
  ...(bytes ? { bytes } : {}),
});
export const png = (name = 'cover.png') => ({ name, type: 'image/png' });
