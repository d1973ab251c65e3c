import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { queryInteger } from '../fields.ts';
import { limits } from '../limits.ts';

export const dailySalesQuerySchema = z.object({
  days: queryInteger({
    min: 1,
    max: limits.dailySales.maxDays,
    fallback: limits.dailySales.defaultDays,
    message: 'daysInvalid',
  }),
});
export type DailySalesQuery = z.input<typeof dailySalesQuerySchema>;

export const dailySalesRowSchema = z.object({
  /** `yyyy-MM-dd` in the server's time zone. */
  date: z.iso.date(),
  count: z.number().int(),
  /** KRW, gross. */
  amount: z.number().int(),
  /** KRW, after commission. */
  net: z.number().int(),
});
export type DailySalesRow = z.infer<typeof dailySalesRowSchema>;

export const dailySalesResponseSchema = z.object({
  /** One row per day of the window ending today, zero days included, oldest first. */
  dailySales: z.array(dailySalesRowSchema),
});
export type DailySalesResponse = z.infer<typeof dailySalesResponseSchema>;

export const getDailySalesEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/products/stats/sales/daily',
  operationId: 'getDailySales',
  summary: "The seller's sales per day",
  description:
    "One row per day of the last `days` days (today included, zero days too), oldest first, in the server's time zone.",
  tags: ['sales'],
  auth: true,
  scope: 'sales:read',
  successStatus: 200,
  query: dailySalesQuerySchema,
  response: dailySalesResponseSchema,
});
