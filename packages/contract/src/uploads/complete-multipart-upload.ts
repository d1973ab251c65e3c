import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { partNumberField, s3KeyField, uploadedObject, uploadIdField } from './upload-fields.ts';

export const completedPart = z.object({
  ETag: z.string().min(1).max(256),
  PartNumber: partNumberField,
});

export const completeMultipartUploadBody = z.object({
  s3Key: s3KeyField,
  uploadId: uploadIdField,
  parts: z.array(completedPart).min(1).max(10_000),
});
export type CompleteMultipartUploadBody = z.infer<typeof completeMultipartUploadBody>;

export const completeMultipartUpload = defineEndpoint({
  method: 'POST',
  path: '/api/products/complete-multipart-upload',
  summary:
    'Assemble the parts; every part must be stored and the total must equal the declared size. Idempotent.',
  tags: ['uploads'],
  auth: true,
  successStatus: 200,
  body: completeMultipartUploadBody,
  response: uploadedObject,
});
