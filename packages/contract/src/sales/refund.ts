import { z } from 'zod';

/**
 * A refund as the member site records it and as the seller's screens and webhooks show it: a
 * module of its own, without the member site's endpoint, so that a screen that shows refunds
 * does not build the schemas of the calls that record them.
 */
export const refundKinds = ['refund', 'chargeback'] as const;
export type RefundKind = (typeof refundKinds)[number];

export const recordedRefundSchema = z.object({
  refundId: z.string(),
  orderId: z.string(),
  /** The sale refunded (`purchase_id` of the transactions). */
  purchaseId: z.string(),
  kind: z.enum(refundKinds),
  amount: z.number().int(),
  /** The part of the sale's commission given back to the seller. */
  commissionReturned: z.number().int(),
  /** What the seller loses: `amount - commissionReturned`. */
  netAmount: z.number().int(),
  refundedAt: z.iso.datetime(),
});
export type RecordedRefund = z.infer<typeof recordedRefundSchema>;
