import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { partNumberField, s3KeyField, uploadIdField } from './upload-fields.ts';

export const getPartUploadUrlBody = z.object({
  s3Key: s3KeyField,
  uploadId: uploadIdField,
  partNumber: partNumberField,
});
export type GetPartUploadUrlBody = z.infer<typeof getPartUploadUrlBody>;

export const getPartUploadUrlResponse = z.object({ uploadUrl: z.string() });

export const getPartUploadUrl = defineEndpoint({
  method: 'POST',
  path: '/api/products/get-part-upload-url',
  summary: 'A short-lived URL for one part, signed for its exact length',
  tags: ['uploads'],
  auth: true,
  successStatus: 200,
  body: getPartUploadUrlBody,
  response: getPartUploadUrlResponse,
});
