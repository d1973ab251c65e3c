import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';

export const productStatsSchema = z.object({
  /** Every product of the seller except deleted ones. */
  totalProducts: z.number().int(),
  activeProducts: z.number().int(),
});
export type ProductStats = z.infer<typeof productStatsSchema>;

export const getProductStatsEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/products/stats/products',
  operationId: 'getProductStats',
  summary: "Counts of the seller's products",
  description:
    'How many products the seller has (deleted ones left out) and how many of them are active.',
  tags: ['products'],
  auth: true,
  scope: 'products:read',
  successStatus: 200,
  response: productStatsSchema,
});
