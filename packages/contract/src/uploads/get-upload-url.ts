import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { fileNameField, fileSizeField, fileTypeField } from './upload-fields.ts';

export const getUploadUrlBody = z.object({
  fileName: fileNameField,
  fileType: fileTypeField,
  fileSize: fileSizeField,
  /** A thumbnail image (public) rather than a product file (private). */
  isImage: z.boolean().default(false),
});
export type GetUploadUrlBody = z.input<typeof getUploadUrlBody>;

export const getUploadUrlResponse = z.object({
  /** Send the bytes here with one PUT, with `Content-Type: contentType` and the exact length. */
  uploadUrl: z.string(),
  s3Key: z.string(),
  bucket: z.string(),
  publicUrl: z.string(),
  /** The canonical type the URL is signed for (may differ from the browser's report). */
  contentType: z.string(),
});
export type GetUploadUrlResponse = z.infer<typeof getUploadUrlResponse>;

export const getUploadUrl = defineEndpoint({
  method: 'POST',
  path: '/api/products/get-upload-url',
  summary:
    'Start a single-PUT upload of a product file or thumbnail: checks type and size, returns a signed URL. Call complete-upload after the PUT.',
  tags: ['uploads'],
  auth: true,
  successStatus: 200,
  body: getUploadUrlBody,
  response: getUploadUrlResponse,
});
