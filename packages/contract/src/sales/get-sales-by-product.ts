import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';

export const productSalesRowSchema = z.object({
  productId: z.string(),
  title: z.string(),
  /** Whole US dollars (the product's list price). */
  productPrice: z.number().int(),
  salesCount: z.number().int(),
  /** KRW, gross. */
  totalRevenue: z.number().int(),
  /** KRW, after commission. */
  netRevenue: z.number().int(),
  /** ISO 8601 of the latest sale, null when the product has none. */
  lastSaleDate: z.iso.datetime().nullable(),
});
export type ProductSalesRow = z.infer<typeof productSalesRowSchema>;

export const salesByProductResponseSchema = z.object({
  /** Every product not deleted, and deleted ones that have sales; best sellers first. */
  products: z.array(productSalesRowSchema),
});
export type SalesByProductResponse = z.infer<typeof salesByProductResponseSchema>;

export const getSalesByProductEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/products/stats/sales/by-product',
  operationId: 'getSalesByProduct',
  summary: "The seller's sales per product",
  description:
    'Count, revenue and last sale of every product not deleted and of deleted ones that have sales, best sellers first.',
  tags: ['sales'],
  auth: true,
  scope: 'sales:read',
  successStatus: 200,
  response: salesByProductResponseSchema,
});
