import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { pageQueryShape } from '../payouts/payout.ts';
import { paginationSchema } from '../sales/get-transactions.ts';
import { discountSchema, discountStatuses } from './discount.ts';

export const listDiscountsQuerySchema = z.object({
  /** One status only; every discount but the archived ones when absent. */
  status: z.enum(discountStatuses, { error: 'discountStatusInvalid' }).optional(),
  ...pageQueryShape,
});
export type ListDiscountsQuery = z.input<typeof listDiscountsQuerySchema>;

export const listDiscountsResponseSchema = z.object({
  discounts: z.array(discountSchema),
  pagination: paginationSchema,
});
export type ListDiscountsResponse = z.infer<typeof listDiscountsResponseSchema>;

export const listDiscountsEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/discounts',
  operationId: 'listDiscounts',
  summary: "The seller's discount codes, a page at a time",
  description:
    "The seller's discount codes, newest first, with their uses, revenue and discount given. `status` keeps one status (`active`, `scheduled`, `expired`, `used_up`, `archived`); without it every code but the archived ones is listed. A page past the last one is empty.",
  tags: ['discounts'],
  auth: true,
  successStatus: 200,
  query: listDiscountsQuerySchema,
  response: listDiscountsResponseSchema,
});
