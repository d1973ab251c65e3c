import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { settlementInfoSchema } from '../settlement/get-settlement-info.ts';

export const listDuePayoutsBodySchema = z.object({
  /** The least balance to list, in KRW; 1 when absent. */
  minAmount: z.number().int().min(1).max(100_000_000_000).optional(),
});
export type ListDuePayoutsBody = z.input<typeof listDuePayoutsBodySchema>;

export const duePayoutSchema = z.object({
  sellerId: z.string(),
  nickname: z.string(),
  email: z.string(),
  balance: z.number().int(),
  /** The seller's payout details, as `GET /api/auth/settlement-info` shows them. */
  settlement: settlementInfoSchema,
});
export type DuePayout = z.infer<typeof duePayoutSchema>;

export const listDuePayoutsResponseSchema = z.object({ sellers: z.array(duePayoutSchema) });
export type ListDuePayoutsResponse = z.infer<typeof listDuePayoutsResponseSchema>;

export const listDuePayoutsEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/internal/payouts/due',
  operationId: 'listDuePayouts',
  summary: 'The sellers to pay',
  description:
    'Every seller whose balance is at least `minAmount` (1 by default), largest balance first, with their payout details; a deleted account is never listed. Operator only: signed with X-Signature (see the `memberSignature` scheme); a missing, wrong or stale signature is 401.',
  tags: ['internal'],
  auth: false,
  successStatus: 200,
  body: listDuePayoutsBodySchema,
  response: listDuePayoutsResponseSchema,
});
