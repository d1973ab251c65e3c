import { defineEndpoint } from '../endpoint.ts';
import { multipartRef } from './upload-fields.ts';

export const abortMultipartUploadBody = multipartRef;

export const abortMultipartUpload = defineEndpoint({
  method: 'POST',
  path: '/api/products/abort-multipart-upload',
  summary: 'Cancel a multipart upload and drop its stored parts. Idempotent.',
  tags: ['uploads'],
  auth: true,
  successStatus: 204,
  body: abortMultipartUploadBody,
});
