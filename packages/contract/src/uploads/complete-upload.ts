import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { s3KeySchema, uploadedObjectSchema } from './upload-fields.ts';

export const completeUploadBodySchema = z.object({ s3Key: s3KeySchema });
export type CompleteUploadBody = z.infer<typeof completeUploadBodySchema>;

export const completeUploadEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/products/complete-upload',
  operationId: 'completeUpload',
  summary: 'Check a single-PUT upload early',
  description:
    'Optional: creating or updating a product and setting the avatar check the upload themselves. The stored object must exist (400 `upload_incomplete` while it does not) with the declared size and an allowed type; otherwise it is deleted and the call fails. Idempotent.',
  tags: ['uploads'],
  auth: true,
  scope: 'products:write',
  successStatus: 200,
  errors: ['not_found', 'upload_incomplete', 'file_too_large', 'file_type_not_allowed'],
  body: completeUploadBodySchema,
  response: uploadedObjectSchema,
});
