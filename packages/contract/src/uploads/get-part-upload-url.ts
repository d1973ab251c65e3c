import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { partLengthField, partNumberField, s3KeyField, uploadIdField } from './upload-fields.ts';

export const getPartUploadUrlBody = z.object({
  s3Key: s3KeyField,
  uploadId: uploadIdField,
  partNumber: partNumberField,
  /** Optional: the part's length in bytes. Given, the URL accepts exactly this length. */
  contentLength: partLengthField.optional(),
});
export type GetPartUploadUrlBody = z.infer<typeof getPartUploadUrlBody>;

export const getPartUploadUrlResponse = z.object({ uploadUrl: z.string() });

export const getPartUploadUrl = defineEndpoint({
  method: 'POST',
  path: '/api/products/get-part-upload-url',
  operationId: 'getPartUploadUrl',
  summary: 'A signed URL for one part',
  description:
    'A short-lived URL for one part of an unfinished multipart upload of the seller: at most 5 GiB, or exactly `contentLength` bytes when given. An unknown, aborted or expired upload is 404; a completed one 409 `conflict`.',
  tags: ['uploads'],
  auth: true,
  successStatus: 200,
  errors: ['not_found', 'conflict'],
  body: getPartUploadUrlBody,
  response: getPartUploadUrlResponse,
});
