import { z } from 'zod';
import { countrySchema } from '../countries.ts';
import { defineEndpoint } from '../endpoint.ts';
import { emailSchema, isoDateTimeSchema } from '../fields.ts';
import { languageSchema } from '../languages.ts';
import { limits, maxPurchaseAmount } from '../limits.ts';

/** Optional text of a sale, trimmed; empty is the same as absent. */
const saleText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, 'saleTextTooLong')
    .transform((value) => (value === '' ? undefined : value))
    .optional();

/**
 * Who bought and where they came from, as the member site knows it: all optional, stored on
 * the sale and kept on the buyer's customer record (docs/product-rules.md, "Buyers").
 */
export const purchaseBuyerFields = {
  buyerName: saleText(limits.buyer.name),
  /** ISO 3166-1 alpha-2 (`KR`, `CN`); lower case is taken and stored in upper case. */
  buyerCountry: countrySchema.optional(),
  /** The language the buyer used: `ko`, `zh`, `ja`, `en`, `fr` or `tr`. */
  buyerLocale: languageSchema.optional(),
  /** The buyer ticked the box to receive news (marketing mail) at checkout. */
  marketingConsent: z.boolean().optional(),
  /** Where the buyer came from (a referrer host or a name the member site gives). */
  source: saleText(limits.buyer.source),
  utmSource: saleText(limits.buyer.utm),
  utmMedium: saleText(limits.buyer.utm),
  utmCampaign: saleText(limits.buyer.utm),
};

/**
 * The member site's order id; a sale is recorded once per order id. Taken as sent: an id with
 * surrounding spaces is refused rather than trimmed into another order's id.
 */
export const orderIdSchema = z
  .string()
  .min(1)
  .max(128)
  .regex(/^[\x21-\x7e]+$/, 'orderIdInvalid');

export const recordPurchaseBodySchema = z
  .object({
    orderId: orderIdSchema,
    productId: z.uuid(),
    customerEmail: emailSchema,
    paymentMethod: z.string().trim().min(1).max(50),
    /** KRW, whole won: what the buyer paid; 0 only for a free copy with a discount code. */
    amount: z.number().int().min(0).max(maxPurchaseAmount),
    /** When the customer paid; now when absent. At most five minutes in the future. */
    purchasedAt: isoDateTimeSchema.optional(),
    /** The discount code the buyer used (any case); recorded even when it no longer applies. */
    discountCode: z.string().trim().min(1).max(64).optional(),
    /** The price before the discount, in won; at least `amount`. */
    listAmount: z.number().int().min(1).max(maxPurchaseAmount).optional(),
    ...purchaseBuyerFields,
  })
  .refine((order) => order.amount > 0 || order.discountCode !== undefined, {
    path: ['amount'],
    message: 'amountFreeWithoutCode',
  })
  .refine((order) => order.listAmount === undefined || order.listAmount >= order.amount, {
    path: ['listAmount'],
    message: 'listAmountBelowAmount',
  });
export type RecordPurchaseBody = z.input<typeof recordPurchaseBodySchema>;

export const recordedSaleSchema = z.object({
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
  purchasedAt: z.iso.datetime(),
});
export type RecordedSale = z.infer<typeof recordedSaleSchema>;

export const recordPurchaseResponseSchema = z.object({ sale: recordedSaleSchema });
export type RecordPurchaseResponse = z.infer<typeof recordPurchaseResponseSchema>;

/**
 * 201 with the new sale; a replay of an order id already recorded with the same content is a
 * 200 with the stored sale; the same order id with other content is a 409 `conflict`.
 */
export const recordPurchaseEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/internal/purchases',
  operationId: 'recordPurchase',
  summary: 'Record a sale',
  description:
    "Records a sale of the member site, once per `orderId`: 201 with the new sale. With `discountCode`, the order's held use of the code (`POST /api/internal/discounts/redeem`) becomes a use; a paid sale is never refused over a code: without a live hold, a code that is unknown, expired, used up or otherwise does not apply is recorded all the same and the sale is marked `discount_over_limit`. `amount` may be 0 only with a code (a free copy, no commission); a replay of an order already recorded with the same content is 200 with the stored sale; the same order id with other content is 409 `conflict`. An unknown product, or one whose seller deleted the account, is 404 `not_found`. The buyer and source fields are optional; a country that is not ISO 3166-1 alpha-2 or a language other than ko, zh, ja, en, fr, tr is 400 and nothing is stored. Member site only: signed with X-Signature (see the `memberSignature` scheme); a missing, wrong or stale signature is 401.",
  tags: ['internal'],
  auth: false,
  successStatus: 201,
  errors: ['not_found', 'conflict'],
  body: recordPurchaseBodySchema,
  response: recordPurchaseResponseSchema,
});
