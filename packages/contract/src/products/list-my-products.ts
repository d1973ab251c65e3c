import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { product } from './product.ts';

export const myProductsResponse = z.object({ products: z.array(product) });
export type MyProductsResponse = z.infer<typeof myProductsResponse>;

export const listMyProducts = defineEndpoint({
  method: 'GET',
  path: '/api/products/my-products',
  operationId: 'listMyProducts',
  summary: "The seller's products",
  description: "The signed-in seller's products, newest first; deleted ones are left out.",
  tags: ['products'],
  auth: true,
  successStatus: 200,
  response: myProductsResponse,
});
