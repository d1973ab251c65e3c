import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';

/** Sales of one period; amounts in KRW, whole won. `net` is `amount` less the commission. */
export const salesFiguresSchema = z.object({
  count: z.number().int(),
  amount: z.number().int(),
  commission: z.number().int(),
  net: z.number().int(),
});
export type SalesFigures = z.infer<typeof salesFiguresSchema>;

export const salesStatsSchema = z.object({
  totalSales: salesFiguresSchema,
  /** This calendar month in the server's time zone (TIME_ZONE, Asia/Seoul by default). */
  monthlySales: salesFiguresSchema,
  /** Today in the server's time zone. */
  todaySales: salesFiguresSchema,
});
export type SalesStats = z.infer<typeof salesStatsSchema>;

export const getSalesStatsEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/products/stats/sales',
  operationId: 'getSalesStats',
  summary: "The seller's sales totals",
  description:
    "Count, gross amount, commission and net amount (KRW) of the seller's sales in total, this month and today, in the server's time zone.",
  tags: ['sales'],
  auth: true,
  scope: 'sales:read',
  successStatus: 200,
  response: salesStatsSchema,
});
