import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import {
  partLengthSchema,
  partNumberSchema,
  s3KeySchema,
  uploadIdSchema,
} from './upload-fields.ts';

export const getPartUploadUrlBodySchema = z.object({
  s3Key: s3KeySchema,
  uploadId: uploadIdSchema,
  partNumber: partNumberSchema,
  /** Optional: the part's length in bytes. Given, the URL accepts exactly this length. */
  contentLength: partLengthSchema.optional(),
});
export type GetPartUploadUrlBody = z.infer<typeof getPartUploadUrlBodySchema>;

export const getPartUploadUrlResponseSchema = z.object({ uploadUrl: z.string() });

export const getPartUploadUrlEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/products/get-part-upload-url',
  operationId: 'getPartUploadUrl',
  summary: 'A signed URL for one part',
  description:
    'A short-lived URL for one part of an unfinished multipart upload of the seller: at most 5 GiB, or exactly `contentLength` bytes when given. An unknown, aborted or expired upload is 404; a completed one 409 `conflict`.',
  tags: ['uploads'],
  auth: true,
  scope: 'products:write',
  successStatus: 200,
  errors: ['not_found', 'conflict'],
  body: getPartUploadUrlBodySchema,
  response: getPartUploadUrlResponseSchema,
});
