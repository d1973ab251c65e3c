import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { isoDateTimeSchema } from '../fields.ts';
import { maxPurchaseAmount } from '../limits.ts';
import { transactionSchema } from '../sales/get-transactions.ts';
import { recordedRefundSchema, refundKinds } from '../sales/refund.ts';

/** Member-site ids (refund and order): printable ASCII, taken as sent, never trimmed. */
const memberSiteId = (message: 'orderIdInvalid' | 'refundIdInvalid') =>
  z
    .string()
    .min(1)
    .max(128)
    .regex(/^[\x21-\x7e]+$/, message);

export const recordRefundBodySchema = z.object({
  /** The member site's refund id; a refund is recorded once per refund id. */
  refundId: memberSiteId('refundIdInvalid'),
  /** The order of the sale refunded (the `orderId` its purchase was recorded with). */
  orderId: memberSiteId('orderIdInvalid'),
  /** KRW, whole won: 1 up to what is left of the sale. */
  amount: z.number().int().positive().max(maxPurchaseAmount),
  /** `refund` (the default) or `chargeback` (the card issuer took the payment back). */
  kind: z.enum(refundKinds).default('refund'),
  reason: z.string().trim().min(1).max(500).optional(),
  /** When the money went back to the buyer; now when absent. At most five minutes ahead. */
  refundedAt: isoDateTimeSchema.optional(),
});
export type RecordRefundBody = z.input<typeof recordRefundBodySchema>;

export const recordRefundResponseSchema = z.object({
  refund: recordedRefundSchema,
  /** The sale as the transactions list now shows it (status and refunded amount). */
  sale: transactionSchema,
});
export type RecordRefundResponse = z.infer<typeof recordRefundResponseSchema>;

export const recordRefundEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/internal/refunds',
  operationId: 'recordRefund',
  summary: 'Record a refund or chargeback',
  description:
    'Records a refund or chargeback of (part of) a sale, once per `refundId`: 201 with the refund and the sale; a replay with the same content is 200 with the stored refund; the same refund id with other content is 409 `conflict`. More than what is left of the sale is 409 `refund_exceeds_sale`; an unknown order is 404. The commission comes back in proportion, `floor(commission × amount ÷ sale amount)`, and the refund that empties the sale returns all the commission left. Member site only: signed with X-Signature (see the `memberSignature` scheme); a missing, wrong or stale signature is 401.',
  tags: ['internal'],
  auth: false,
  successStatus: 201,
  errors: ['not_found', 'conflict', 'refund_exceeds_sale'],
  body: recordRefundBodySchema,
  response: recordRefundResponseSchema,
});
