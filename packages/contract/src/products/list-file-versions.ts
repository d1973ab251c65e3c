import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { fileVersionSchema, productFileParamsSchema } from './product.ts';

export const listedFileVersionSchema = fileVersionSchema.extend({
  /** Deliveries of this version, every sale together (resets do not take them back). */
  downloads: z.number().int(),
  /** Sales whose buyer was given this version at least once, fully refunded ones left out. */
  buyersWithIt: z.number().int(),
});
export type ListedFileVersion = z.infer<typeof listedFileVersionSchema>;

export const listFileVersionsResponseSchema = z.object({
  /** Newest first. */
  versions: z.array(listedFileVersionSchema),
});
export type ListFileVersionsResponse = z.infer<typeof listFileVersionsResponseSchema>;

export const listFileVersionsEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/products/{id}/files/{fileId}/versions',
  operationId: 'listFileVersions',
  summary: "A product file's versions",
  description:
    "Every version of one of the seller's product files, newest first, each with its downloads and how many buyers were given it (a fully refunded sale is no longer a buyer, as in the product's `sales_count`). Another seller's product or file is 404.",
  tags: ['products'],
  auth: true,
  scope: 'products:read',
  successStatus: 200,
  params: productFileParamsSchema,
  response: listFileVersionsResponseSchema,
});
