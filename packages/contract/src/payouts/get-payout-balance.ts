import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';

export const payoutBalanceSchema = z.object({
  /** Every ledger entry's net: sales' net less refunds' net less payouts. May be below zero. */
  balance: z.number().int(),
  totals: z.object({
    /** Gross of every sale. */
    sales: z.number().int(),
    /** Commission kept: that of the sales less what refunds gave back. */
    commission: z.number().int(),
    /** Gross of every refund and chargeback. */
    refunds: z.number().int(),
    /** Every payout. */
    payouts: z.number().int(),
  }),
  /** ISO 8601, UTC: when the last payout was sent; null before the first. */
  lastPayoutAt: z.iso.datetime().nullable(),
});
export type PayoutBalance = z.infer<typeof payoutBalanceSchema>;

export const getPayoutBalanceEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/payouts/balance',
  operationId: 'getPayoutBalance',
  summary: "The seller's balance",
  description:
    'What the seller is owed, in KRW: the net of every sale less the net of every refund and chargeback less every payout (`balance = totals.sales - totals.commission - totals.refunds - totals.payouts`). A refund after a payout can take it below zero.',
  tags: ['payouts'],
  auth: true,
  scope: 'sales:read',
  successStatus: 200,
  response: payoutBalanceSchema,
});
