import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { limits } from '../limits.ts';

export const dailySalesQuery = z.object({
  days: z.coerce
    .number({ error: 'daysInvalid' })
    .int('daysInvalid')
    .min(1, 'daysInvalid')
    .max(limits.dailySales.maxDays, 'daysInvalid')
    .default(limits.dailySales.defaultDays),
});
export type DailySalesQuery = z.input<typeof dailySalesQuery>;

export const dailySalesRow = z.object({
  /** `yyyy-MM-dd` in the server's time zone. */
  date: z.string(),
  count: z.number().int(),
  /** KRW, gross. */
  amount: z.number().int(),
  /** KRW, after commission. */
  net: z.number().int(),
});
export type DailySalesRow = z.infer<typeof dailySalesRow>;

export const dailySalesResponse = z.object({
  /** One row per day of the window ending today, zero days included, oldest first. */
  dailySales: z.array(dailySalesRow),
});
export type DailySalesResponse = z.infer<typeof dailySalesResponse>;

export const getDailySales = defineEndpoint({
  method: 'GET',
  path: '/api/products/stats/sales/daily',
  summary: "The seller's sales per day over the last `days` days (today included)",
  tags: ['sales'],
  auth: true,
  successStatus: 200,
  query: dailySalesQuery,
  response: dailySalesResponse,
});
