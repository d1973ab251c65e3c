import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';

export const productStats = z.object({
  /** Every product of the seller except deleted ones. */
  totalProducts: z.number().int(),
  activeProducts: z.number().int(),
});
export type ProductStats = z.infer<typeof productStats>;

export const getProductStats = defineEndpoint({
  method: 'GET',
  path: '/api/products/stats/products',
  summary: "Counts of the seller's products (deleted ones left out)",
  tags: ['products'],
  auth: true,
  successStatus: 200,
  response: productStats,
});
