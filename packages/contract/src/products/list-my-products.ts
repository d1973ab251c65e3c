import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { productSchema } from './product.ts';

export const myProductsResponseSchema = z.object({ products: z.array(productSchema) });
export type MyProductsResponse = z.infer<typeof myProductsResponseSchema>;

export const listMyProductsEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/products/my-products',
  operationId: 'listMyProducts',
  summary: "The seller's products",
  description: "The signed-in seller's products, newest first; deleted ones are left out.",
  tags: ['products'],
  auth: true,
  successStatus: 200,
  response: myProductsResponseSchema,
});
