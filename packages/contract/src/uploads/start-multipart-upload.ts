import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { fileNameSchema, fileSizeSchema, fileTypeSchema } from './upload-fields.ts';

export const startMultipartUploadBodySchema = z.object({
  fileName: fileNameSchema,
  fileType: fileTypeSchema,
  /**
   * Optional. Given, it is checked now and the completed object must have exactly this size;
   * left out, the size limit is checked on completion.
   */
  fileSize: fileSizeSchema.optional(),
});
export type StartMultipartUploadBody = z.input<typeof startMultipartUploadBodySchema>;

export const startMultipartUploadResponseSchema = z.object({
  uploadId: z.string(),
  s3Key: z.string(),
  bucket: z.string(),
  /**
   * The suggested part size (5 MiB). Any size from 5 MiB to 5 GiB works as long as every part
   * but the last has the same size; the last may be smaller.
   */
  partSize: z.number(),
});
export type StartMultipartUploadResponse = z.infer<typeof startMultipartUploadResponseSchema>;

export const startMultipartUploadEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/products/start-multipart-upload',
  operationId: 'startMultipartUpload',
  summary: 'Start a multipart upload of a product file',
  description:
    'Checks the type (and the size, when given) of a product file and opens a multipart upload. Send parts of 5 MiB to 5 GiB, all but the last of one size, each to a URL from `get-part-upload-url`, then call `complete-multipart-upload`. Limited per seller (429 `rate_limited`).',
  tags: ['uploads'],
  auth: true,
  scope: 'products:write',
  successStatus: 200,
  errors: ['file_type_not_allowed', 'file_too_large'],
  body: startMultipartUploadBodySchema,
  response: startMultipartUploadResponseSchema,
});
