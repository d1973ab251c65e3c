import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';

export const downloadParams = z.object({ id: z.string(), fileId: z.string() });

export const downloadUrlResponse = z.object({
  /** Short-lived signed URL; the download carries the original file name as an attachment. */
  downloadUrl: z.string(),
});
export type DownloadUrlResponse = z.infer<typeof downloadUrlResponse>;

export const getDownloadUrl = defineEndpoint({
  method: 'GET',
  path: '/api/products/{id}/download/{fileId}',
  summary: "A short-lived download URL for one of the seller's product files",
  tags: ['products'],
  auth: true,
  successStatus: 200,
  params: downloadParams,
  response: downloadUrlResponse,
});
