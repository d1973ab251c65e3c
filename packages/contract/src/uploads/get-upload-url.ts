import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { fileNameSchema, fileSizeSchema, fileTypeSchema } from './upload-fields.ts';

export const getUploadUrlBodySchema = z.object({
  fileName: fileNameSchema,
  fileType: fileTypeSchema,
  fileSize: fileSizeSchema,
  /** A thumbnail image (public) rather than a product file (private). */
  isImage: z.boolean().default(false),
});
export type GetUploadUrlBody = z.input<typeof getUploadUrlBodySchema>;

export const getUploadUrlResponseSchema = z.object({
  /**
   * Send the bytes here with one PUT of exactly `fileSize` bytes, with the declared `fileType`
   * as `Content-Type` (when none was declared, any type or none is accepted).
   */
  uploadUrl: z.string(),
  s3Key: z.string(),
  bucket: z.string(),
  /** Where the image is read once stored; null for a private product file. */
  publicUrl: z.string().nullable(),
  /** The `Content-Type` to send: the declared type, or the canonical one when none was declared. */
  contentType: z.string(),
});
export type GetUploadUrlResponse = z.infer<typeof getUploadUrlResponseSchema>;

export const getUploadUrlEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/products/get-upload-url',
  operationId: 'getUploadUrl',
  summary: 'Start a single-PUT upload',
  description:
    'Checks the type and size of a product file (pdf, zip, mp4, mpeg, mov, avi; up to 5 GB) or of a thumbnail (`isImage`: jpg, png, gif, webp; up to 10 MB) and returns a signed URL for one PUT of exactly `fileSize` bytes. After the PUT, pass the `s3Key` to create or update a product; `complete-upload` is an optional early check. Files over 100 MB go better as a multipart upload. Limited per seller (429 `rate_limited`).',
  tags: ['uploads'],
  auth: true,
  scope: 'products:write',
  successStatus: 200,
  errors: ['file_type_not_allowed', 'file_too_large'],
  body: getUploadUrlBodySchema,
  response: getUploadUrlResponseSchema,
});
