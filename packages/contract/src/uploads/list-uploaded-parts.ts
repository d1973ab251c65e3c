import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { multipartRef } from './upload-fields.ts';

export const listUploadedPartsBody = multipartRef;

export const uploadedPart = z.object({
  PartNumber: z.number(),
  ETag: z.string(),
  Size: z.number(),
});
export type UploadedPart = z.infer<typeof uploadedPart>;

export const listUploadedPartsResponse = z.object({ parts: z.array(uploadedPart) });

export const listUploadedParts = defineEndpoint({
  method: 'POST',
  path: '/api/products/list-uploaded-parts',
  operationId: 'listUploadedParts',
  summary: 'The parts stored so far',
  description:
    'The parts already stored for an unfinished multipart upload, to resume it after an interruption. A completed upload is 409 `conflict`.',
  tags: ['uploads'],
  auth: true,
  successStatus: 200,
  errors: ['not_found', 'conflict'],
  body: listUploadedPartsBody,
  response: listUploadedPartsResponse,
});
