import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { isoDateTimeSchema } from '../fields.ts';
import { payoutMethods, payoutSchema } from '../payouts/payout.ts';

/** The largest payout, in KRW. */
export const maxPayoutAmount = 100_000_000_000;

export const recordPayoutBodySchema = z.object({
  /**
   * The operator's id of the payout; a payout is recorded once per id. Taken as sent, like an
   * order id: printable ASCII without spaces.
   */
  payoutId: z
    .string()
    .min(1)
    .max(128)
    .regex(/^[\x21-\x7e]+$/, 'payoutIdInvalid'),
  sellerId: z.uuid(),
  /** KRW, whole won; at most the seller's balance. */
  amount: z.number().int().positive().max(maxPayoutAmount),
  method: z.enum(payoutMethods),
  /** The transfer's own reference, for the seller to find it. */
  reference: z.string().trim().min(1).max(200).optional(),
  /** When the money was sent; now when absent. At most five minutes in the future. */
  paidAt: isoDateTimeSchema.optional(),
});
export type RecordPayoutBody = z.input<typeof recordPayoutBodySchema>;

export const recordPayoutResponseSchema = z.object({
  payout: payoutSchema,
  /** The seller's balance once this payout is counted. */
  balance: z.number().int(),
});
export type RecordPayoutResponse = z.infer<typeof recordPayoutResponseSchema>;

export const recordPayoutEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/internal/payouts',
  operationId: 'recordPayout',
  summary: 'Record a payout made outside',
  description:
    "Records money paid to a seller outside the seller center (Alipay, bank, PayPal), once per `payoutId`: 201 with the payout and the seller's new balance; the same `payoutId` with the same content again is 200 with the stored payout and the current balance; with other content 409 `conflict`. More than the seller's balance is 409 `payout_exceeds_balance`; a method whose details the seller has not filled in is 409 `payout_method_missing`; an unknown seller is 404. The seller gets the `payout.paid` webhook event and a mail. Operator only: signed with X-Signature (see the `memberSignature` scheme); a missing, wrong or stale signature is 401.",
  tags: ['internal'],
  auth: false,
  successStatus: 201,
  errors: ['not_found', 'conflict', 'payout_exceeds_balance', 'payout_method_missing'],
  body: recordPayoutBodySchema,
  response: recordPayoutResponseSchema,
});
