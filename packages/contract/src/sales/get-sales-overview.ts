import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { dailySalesRowSchema } from './get-daily-sales.ts';
import { productSalesRowSchema } from './get-sales-by-product.ts';
import { salesFiguresSchema } from './get-sales-stats.ts';
import { transactionSchema } from './get-transactions.ts';

/** The dashboard's window: the last 30 days, compared with the 30 days before them. */
export const salesOverviewWindowDays = 30;
/** How many best-selling products the overview names. */
export const salesOverviewTopProducts = 3;
/** How many of the latest sales the overview lists. */
export const salesOverviewLatestSales = 5;

export const salesOverviewSchema = z.object({
  /** Days in each window (30). */
  windowDays: z.number().int(),
  /** The last `windowDays` days, today included, in the server's time zone; KRW. */
  current: salesFiguresSchema,
  /** The `windowDays` days before those; KRW. */
  previous: salesFiguresSchema,
  /** One row per day of the current window, oldest first, zero days included. */
  daily: z.array(dailySalesRowSchema),
  /** The products with the most revenue of all time, best first (at most 3). */
  topProducts: z.array(productSalesRowSchema).max(salesOverviewTopProducts),
  /** The latest sales, newest first (at most 5). */
  latestSales: z.array(transactionSchema).max(salesOverviewLatestSales),
});
export type SalesOverview = z.infer<typeof salesOverviewSchema>;

export const getSalesOverviewEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/products/stats/sales/overview',
  operationId: 'getSalesOverview',
  summary: "The seller's revenue at a glance",
  description:
    "Count, gross, commission and net (KRW) of the last 30 days (today included, in the server's time zone) and of the 30 days before, the current window day by day, the three products with the most revenue of all time and the five latest sales. Read from the sales rollups.",
  tags: ['sales'],
  auth: true,
  scope: 'sales:read',
  successStatus: 200,
  response: salesOverviewSchema,
});
