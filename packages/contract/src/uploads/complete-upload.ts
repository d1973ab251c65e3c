import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { s3KeyField, uploadedObject } from './upload-fields.ts';

export const completeUploadBody = z.object({ s3Key: s3KeyField });
export type CompleteUploadBody = z.infer<typeof completeUploadBody>;

export const completeUpload = defineEndpoint({
  method: 'POST',
  path: '/api/products/complete-upload',
  summary:
    'Finish a single-PUT upload: the stored object must exist with the declared size (otherwise it is deleted and the call fails). Idempotent.',
  tags: ['uploads'],
  auth: true,
  successStatus: 200,
  body: completeUploadBody,
  response: uploadedObject,
});
