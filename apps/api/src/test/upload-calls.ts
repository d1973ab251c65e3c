import type { ResponseOf } from '@seller/contract/endpoint';
import type { getPartUploadUrlEndpoint } from '@seller/contract/uploads/get-part-upload-url';
import type { StartMultipartUploadResponse } from '@seller/contract/uploads/start-multipart-upload';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { bearer } from './sellers.ts';

/** The part size the multipart tests send: S3's smallest part but the last. */
export const partBytes = 5 * 1024 * 1024;

/** A signed-in JSON call that must answer `expectedStatus`; its JSON body, if any. */
export async function api<T = Record<string, unknown>>(
  app: FastifyInstance,
  token: string,
  url: string,
  payload: unknown,
  expectedStatus = 200,
  method: 'POST' | 'PUT' = 'POST',
): Promise<T> {
  const response = await app.inject({
    method,
    url,
    headers: bearer(token),
    payload: payload as object,
  });
  expect(response.statusCode, `${url}: ${response.body}`).toBe(expectedStatus);
  return (response.body ? response.json() : undefined) as T;
}

/** PUTs bytes to a signed URL through the app (relative local-driver URLs). */
export function putBytes(
  app: FastifyInstance,
  uploadUrl: string,
  body: Buffer,
  contentType?: string,
) {
  return app.inject({
    method: 'PUT',
    url: uploadUrl,
    headers: contentType === undefined ? {} : { 'content-type': contentType },
    payload: body,
  });
}

export type StartedMultipart = Pick<StartMultipartUploadResponse, 'uploadId' | 's3Key' | 'bucket'>;

/** Uploads every part of `data` through signed part URLs and returns the ETags. */
export async function sendParts(
  app: FastifyInstance,
  token: string,
  started: StartedMultipart,
  data: Buffer,
  partNumbers?: number[],
) {
  const count = Math.ceil(data.length / partBytes);
  const numbers = partNumbers ?? Array.from({ length: count }, (_, i) => i + 1);
  const parts: { ETag: string; PartNumber: number }[] = [];
  for (const partNumber of numbers) {
    const { uploadUrl } = await api<ResponseOf<typeof getPartUploadUrlEndpoint>>(
      app,
      token,
      '/api/products/get-part-upload-url',
      { s3Key: started.s3Key, uploadId: started.uploadId, partNumber },
    );
    const chunk = data.subarray((partNumber - 1) * partBytes, partNumber * partBytes);
    const response = await putBytes(app, uploadUrl, chunk, 'application/octet-stream');
    expect(response.statusCode, response.body).toBe(200);
    parts.push({ ETag: String(response.headers.etag), PartNumber: partNumber });
  }
  return parts;
}
