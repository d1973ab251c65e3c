import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { transactionSchema } from './get-transactions.ts';
import { refundKinds } from './refund.ts';

/** A sale in the path (`purchase_id` of the transactions); any other string is a 404. */
export const saleParamsSchema = z.object({ purchaseId: z.string() });

/** A refund or chargeback of the sale, as the member site reported it. */
export const saleRefundSchema = z.object({
  refundId: z.string(),
  /** `refund` or `chargeback`. */
  kind: z.enum(refundKinds),
  /** KRW taken back from the buyer's payment. */
  amount: z.number().int(),
  /** The part of the sale's commission given back to the seller. */
  commissionReturned: z.number().int(),
  /** What the seller loses: `amount - commissionReturned`. */
  netAmount: z.number().int(),
  reason: z.string().nullable(),
  refundedAt: z.iso.datetime(),
});
export type SaleRefund = z.infer<typeof saleRefundSchema>;

/**
 * One download link given to the buyer (each counts one download). The file's name is the one
 * it had then: a file removed from the product since is still named.
 */
export const saleDeliverySchema = z.object({
  id: z.string(),
  fileId: z.string(),
  fileName: z.string(),
  createdAt: z.iso.datetime(),
});
export type SaleDelivery = z.infer<typeof saleDeliverySchema>;

/** What the member site told of the buyer and where they came from (null: not told). */
export const saleBuyerSchema = z.object({
  /** The buyer's page (`GET /api/customers/{id}`). */
  customerId: z.string().nullable(),
  email: z.string(),
  name: z.string().nullable(),
  /** ISO 3166-1 alpha-2. */
  country: z.string().nullable(),
  /** `ko`, `zh`, `ja`, `en`, `fr` or `tr`. */
  locale: z.string().nullable(),
  /** Whether the buyer ticked the box for news at checkout. */
  marketingConsent: z.boolean().nullable(),
  source: z.string().nullable(),
  utmSource: z.string().nullable(),
  utmMedium: z.string().nullable(),
  utmCampaign: z.string().nullable(),
});
export type SaleBuyer = z.infer<typeof saleBuyerSchema>;

export const saleDetailSchema = z.object({
  /** The sale as the transactions list shows it. */
  sale: transactionSchema,
  buyer: saleBuyerSchema,
  /** Oldest first. */
  refunds: z.array(saleRefundSchema),
  /** Every delivery of the sale, newest first, resets included (a reset keeps the history). */
  deliveries: z.array(saleDeliverySchema),
});
export type SaleDetail = z.infer<typeof saleDetailSchema>;

export const getSaleEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/products/sales/{purchaseId}',
  operationId: 'getSale',
  summary: 'One sale with its refunds and downloads',
  description:
    "One sale of the seller (`purchaseId` is the transactions' `purchase_id`), its buyer as the member site told of them, its refunds and chargebacks (oldest first) and every download link the buyer was given (newest first; a reset of the downloads keeps them). Another seller's sale, or an id that is not one, is 404.",
  tags: ['sales'],
  auth: true,
  scope: 'sales:read',
  successStatus: 200,
  errors: ['not_found'],
  params: saleParamsSchema,
  response: saleDetailSchema,
});
