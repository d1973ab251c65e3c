import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { productSchema } from './product.ts';

/** A product as the list shows it: every product field, and its revenue from the sales rollup. */
export const productListItemSchema = productSchema.extend({
  /** KRW, gross, of every sale of the product. */
  revenue: z.number().int(),
  /** KRW, after commission. */
  net_revenue: z.number().int(),
});
export type ProductListItem = z.infer<typeof productListItemSchema>;

export const myProductsResponseSchema = z.object({ products: z.array(productListItemSchema) });
export type MyProductsResponse = z.infer<typeof myProductsResponseSchema>;

export const listMyProductsEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/products/my-products',
  operationId: 'listMyProducts',
  summary: "The seller's products",
  description:
    "The signed-in seller's products, newest first; deleted ones are left out. Each carries its views and sales count, and its revenue (gross and net, KRW) from the sales rollup.",
  tags: ['products'],
  auth: true,
  scope: 'products:read',
  successStatus: 200,
  response: myProductsResponseSchema,
});
