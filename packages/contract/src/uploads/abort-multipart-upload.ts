import { defineEndpoint } from '../endpoint.ts';
import { multipartRefSchema } from './upload-fields.ts';

export const abortMultipartUploadBodySchema = multipartRefSchema;

export const abortMultipartUploadEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/products/abort-multipart-upload',
  operationId: 'abortMultipartUpload',
  summary: 'Cancel a multipart upload',
  description:
    'Cancels an upload that nothing uses yet and drops its stored parts; an upload already attached to a product is 409 `conflict`. Idempotent: cancelling again answers 204.',
  tags: ['uploads'],
  auth: true,
  scope: 'products:write',
  successStatus: 204,
  errors: ['not_found', 'conflict'],
  body: abortMultipartUploadBodySchema,
});
