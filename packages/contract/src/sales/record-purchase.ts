import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { emailField, isoDateTime } from '../fields.ts';

/** The largest amount of one sale, in KRW. */
export const maxPurchaseAmount = 100_000_000_000;

export const recordPurchaseBody = z.object({
  /** The member site's order id; a sale is recorded once per order id. */
  orderId: z
    .string()
    .trim()
    .min(1)
    .max(128)
    .regex(/^[\x21-\x7e]+$/, 'orderIdInvalid'),
  productId: z.uuid(),
  customerEmail: emailField,
  paymentMethod: z.string().trim().min(1).max(50),
  /** KRW, whole won. */
  amount: z.number().int().positive().max(maxPurchaseAmount),
  /** When the customer paid; now when absent. At most five minutes in the future. */
  purchasedAt: isoDateTime.optional(),
});
export type RecordPurchaseBody = z.input<typeof recordPurchaseBody>;

export const recordedSale = z.object({
  purchaseId: z.string(),
  orderId: z.string(),
  productId: z.string(),
  customerEmail: z.string(),
  paymentMethod: z.string(),
  amount: z.number().int(),
  /** Basis points: 0 within six months of the seller's signup, 1000 (10 %) after. */
  commissionRate: z.number().int(),
  commissionAmount: z.number().int(),
  netAmount: z.number().int(),
  purchasedAt: z.string(),
});
export type RecordedSale = z.infer<typeof recordedSale>;

export const recordPurchaseResponse = z.object({ sale: recordedSale });
export type RecordPurchaseResponse = z.infer<typeof recordPurchaseResponse>;

/**
 * 201 with the new sale; a replay of an order id already recorded with the same content is a
 * 200 with the stored sale; the same order id with other content is a 409 `conflict`.
 */
export const recordPurchase = defineEndpoint({
  method: 'POST',
  path: '/api/internal/purchases',
  summary:
    'Record a sale (member site only; signed with X-Signature, see docs/internal-api.md). 201 new, 200 replay, 409 order id reused with other content',
  tags: ['internal'],
  auth: false,
  successStatus: 201,
  body: recordPurchaseBody,
  response: recordPurchaseResponse,
});
