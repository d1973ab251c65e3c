import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { payoutIdParamsSchema, payoutSchema, payoutStatementSchema } from './payout.ts';

export const payoutDetailSchema = z.object({
  payout: payoutSchema,
  statement: payoutStatementSchema,
});
export type PayoutDetail = z.infer<typeof payoutDetailSchema>;

export const getPayoutEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/payouts/{id}',
  operationId: 'getPayout',
  summary: 'One payout with its statement',
  description:
    "One payout (`id` as listed) and its statement: the ledger entries after the previous payout up to and including this one, summed. `closingBalance = openingBalance + sales.net - refunds.net - payout.amount`. Another seller's payout, or an id that is not one, is 404.",
  tags: ['payouts'],
  auth: true,
  scope: 'sales:read',
  successStatus: 200,
  params: payoutIdParamsSchema,
  response: payoutDetailSchema,
});
