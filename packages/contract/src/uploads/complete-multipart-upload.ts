import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import {
  partNumberSchema,
  s3KeySchema,
  uploadedObjectSchema,
  uploadIdSchema,
} from './upload-fields.ts';

export const completedPartSchema = z.object({
  ETag: z.string().min(1).max(256),
  PartNumber: partNumberSchema,
});

export const completeMultipartUploadBodySchema = z.object({
  s3Key: s3KeySchema,
  uploadId: uploadIdSchema,
  parts: z.array(completedPartSchema).min(1).max(10_000),
});
export type CompleteMultipartUploadBody = z.infer<typeof completeMultipartUploadBodySchema>;

export const completeMultipartUploadEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/products/complete-multipart-upload',
  operationId: 'completeMultipartUpload',
  summary: 'Assemble a multipart upload',
  description:
    'Joins the listed parts: every part must be stored (400 `upload_incomplete`), each but the last at least 5 MiB and no larger than the first (400 `upload_part_too_small`), and the total must equal the declared size. Idempotent: a completed upload answers the same again.',
  tags: ['uploads'],
  auth: true,
  scope: 'products:write',
  successStatus: 200,
  errors: [
    'not_found',
    'upload_incomplete',
    'upload_part_too_small',
    'file_too_large',
    'file_type_not_allowed',
  ],
  body: completeMultipartUploadBodySchema,
  response: uploadedObjectSchema,
});
