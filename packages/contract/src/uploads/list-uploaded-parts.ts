import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { multipartRefSchema } from './upload-fields.ts';

export const listUploadedPartsBodySchema = multipartRefSchema;

export const uploadedPartSchema = z.object({
  PartNumber: z.number(),
  ETag: z.string(),
  Size: z.number(),
});
export type UploadedPart = z.infer<typeof uploadedPartSchema>;

export const listUploadedPartsResponseSchema = z.object({ parts: z.array(uploadedPartSchema) });

export const listUploadedPartsEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/products/list-uploaded-parts',
  operationId: 'listUploadedParts',
  summary: 'The parts stored so far',
  description:
    'The parts already stored for an unfinished multipart upload, to resume it after an interruption. A completed upload is 409 `conflict`.',
  tags: ['uploads'],
  auth: true,
  scope: 'products:write',
  successStatus: 200,
  errors: ['not_found', 'conflict'],
  body: listUploadedPartsBodySchema,
  response: listUploadedPartsResponseSchema,
});
