import { z } from 'zod';
import { payoutSchema } from '../payouts/payout.ts';
import { productSchema } from '../products/product.ts';
import { transactionSchema } from '../sales/get-transactions.ts';
import { recordedRefundSchema } from '../sales/refund.ts';

/** What a webhook can be told about. */
export const webhookEvents = [
  'sale.created',
  'sale.refunded',
  'product.updated',
  'payout.paid',
] as const;
export type WebhookEvent = (typeof webhookEvents)[number];

/** `product.updated` for a file's new version: the product and the version added. */
export const productVersionEventSchema = z.object({
  product: productSchema,
  file: z.object({
    id: z.string(),
    version: z.number().int(),
    label: z.string().nullable(),
    changelog: z.string().nullable(),
  }),
});
export type ProductVersionEvent = z.infer<typeof productVersionEventSchema>;

/** The body of every delivery: `X-Webhook-Id` repeats `id`, the same for every retry. */
export const webhookPayloadSchema = z.discriminatedUnion('type', [
  z.object({
    id: z.string(),
    type: z.literal('sale.created'),
    createdAt: z.iso.datetime(),
    /** The sale as `GET /api/products/sales/transactions` shows it. */
    data: transactionSchema,
  }),
  z.object({
    id: z.string(),
    type: z.literal('sale.refunded'),
    createdAt: z.iso.datetime(),
    /**
     * The refund or chargeback as the member site's refund call answered it, and the sale
     * after it (status and refunded amount).
     */
    data: z.object({ sale: transactionSchema, refund: recordedRefundSchema }),
  }),
  z.object({
    id: z.string(),
    type: z.literal('product.updated'),
    createdAt: z.iso.datetime(),
    /**
     * The product as `GET /api/products/{id}` shows it after an edit; after a new version of
     * one of its files, the product and that file's new version.
     */
    data: z.union([productSchema, productVersionEventSchema]),
  }),
  z.object({
    id: z.string(),
    type: z.literal('payout.paid'),
    createdAt: z.iso.datetime(),
    /** The payout as `GET /api/payouts` lists it, and the seller's balance once it is counted. */
    data: z.object({ payout: payoutSchema, balance: z.number().int() }),
  }),
  z.object({
    id: z.string(),
    type: z.literal('webhook.test'),
    createdAt: z.iso.datetime(),
    data: z.object({ message: z.string() }),
  }),
]);
export type WebhookPayload = z.infer<typeof webhookPayloadSchema>;

export const webhookSchema = z.object({
  /** null: no webhook is set. */
  url: z.string().nullable(),
  events: z.array(z.enum(webhookEvents)),
  /** The signing secret, only when it is new (first save, rotation): kept sealed after that. */
  secret: z.string().optional(),
});

/** One try at posting a delivery to the receiver. */
export const webhookDeliveryAttemptSchema = z.object({
  /** ISO 8601, UTC: when the request went out. */
  at: z.iso.datetime(),
  /** The receiver's HTTP status; null when it did not answer (timeout, refused connection). */
  statusCode: z.number().int().nullable(),
  /** How long the receiver took to answer, or to fail; 0 when the address was refused first. */
  durationMs: z.number().int(),
  /** Why the attempt failed; null when it succeeded. */
  error: z.string().nullable(),
});
export type WebhookDeliveryAttempt = z.infer<typeof webhookDeliveryAttemptSchema>;

export const webhookDeliverySchema = z.object({
  id: z.string(),
  /** The event's id (`X-Webhook-Id`): the same for a resend. */
  eventId: z.string(),
  event: z.string(),
  status: z.enum(['pending', 'succeeded', 'failed']),
  /** Every attempt made so far, oldest first (none yet for a delivery still waiting). */
  attempts: z.array(webhookDeliveryAttemptSchema),
  /** The receiver's last answer; null when it did not answer. */
  statusCode: z.number().int().nullable(),
  durationMs: z.number().int().nullable(),
  /** Why the last attempt failed, when it did. */
  error: z.string().nullable(),
  nextAttemptAt: z.iso.datetime().nullable(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;
