import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { paginationSchema } from '../sales/get-transactions.ts';
import { pageQueryShape, payoutSchema } from './payout.ts';

export const payoutsQuerySchema = z.object(pageQueryShape);
export type PayoutsQuery = z.input<typeof payoutsQuerySchema>;

export const payoutsResponseSchema = z.object({
  payouts: z.array(payoutSchema),
  pagination: paginationSchema,
});
export type PayoutsResponse = z.infer<typeof payoutsResponseSchema>;

export const listPayoutsEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/payouts',
  operationId: 'listPayouts',
  summary: "The seller's payouts, a page at a time",
  description:
    'The payouts recorded for the seller, newest first. A page past the last one is empty.',
  tags: ['payouts'],
  auth: true,
  scope: 'sales:read',
  successStatus: 200,
  query: payoutsQuerySchema,
  response: payoutsResponseSchema,
});
