import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { fileNameField, fileSizeField, fileTypeField } from './upload-fields.ts';

export const startMultipartUploadBody = z.object({
  fileName: fileNameField,
  fileType: fileTypeField,
  fileSize: fileSizeField,
});
export type StartMultipartUploadBody = z.input<typeof startMultipartUploadBody>;

export const startMultipartUploadResponse = z.object({
  uploadId: z.string(),
  s3Key: z.string(),
  bucket: z.string(),
  /** Every part but the last has exactly this many bytes. */
  partSize: z.number(),
});
export type StartMultipartUploadResponse = z.infer<typeof startMultipartUploadResponse>;

export const startMultipartUpload = defineEndpoint({
  method: 'POST',
  path: '/api/products/start-multipart-upload',
  summary: 'Start a multipart upload of a product file (5 MiB parts)',
  tags: ['uploads'],
  auth: true,
  successStatus: 200,
  body: startMultipartUploadBody,
  response: startMultipartUploadResponse,
});
