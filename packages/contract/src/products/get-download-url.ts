import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';

export const downloadParamsSchema = z.object({ id: z.string(), fileId: z.string() });

export const downloadUrlResponseSchema = z.object({
  /** Short-lived signed URL; the download carries the original file name as an attachment. */
  downloadUrl: z.string(),
});
export type DownloadUrlResponse = z.infer<typeof downloadUrlResponseSchema>;

export const getDownloadUrlEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/products/{id}/download/{fileId}',
  operationId: 'getDownloadUrl',
  summary: 'A download URL for a product file',
  description:
    "A URL valid for five minutes that downloads one of the seller's product files under its original name.",
  tags: ['products'],
  auth: true,
  scope: 'products:read',
  successStatus: 200,
  params: downloadParamsSchema,
  response: downloadUrlResponseSchema,
});
