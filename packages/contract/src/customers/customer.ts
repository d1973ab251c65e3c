import { z } from 'zod';
import { countrySchema } from '../countries.ts';
import { queryInteger } from '../fields.ts';
import { limits } from '../limits.ts';
import { maxTransactionsPage } from '../sales/get-transactions.ts';

export const marketingConsents = ['granted', 'withdrawn', 'none'] as const;
export type MarketingConsent = (typeof marketingConsents)[number];

export const customerSorts = ['lastPurchaseAt', 'totalNet', 'purchases'] as const;
export type CustomerSort = (typeof customerSorts)[number];

/** One buyer of the seller: every sale to the same email (without regard to case). */
export const customerSchema = z.object({
  id: z.string(),
  /** As the buyer's first sale wrote it. */
  email: z.string(),
  /** The latest name, country (ISO 3166-1 alpha-2) and language a sale told; null before any. */
  name: z.string().nullable(),
  country: z.string().nullable(),
  locale: z.string().nullable(),
  /** How many sales, refunded ones included. */
  purchases: z.number().int(),
  /** KRW the seller keeps of the buyer's sales: after commission and refunds. */
  totalNet: z.number().int(),
  firstPurchaseAt: z.iso.datetime(),
  lastPurchaseAt: z.iso.datetime(),
  /** Every product the buyer bought, each once. */
  productIds: z.array(z.string()),
  /**
   * Marketing mail: `granted` (ticked at checkout or given on the member site), `withdrawn`
   * (withdrawn there), `none` (never asked). The latest wins.
   */
  marketingConsent: z.enum(marketingConsents),
  /** Whether the buyer takes mail about the products they bought; on for every new buyer. */
  productUpdates: z.boolean(),
});
export type Customer = z.infer<typeof customerSchema>;

/** The filters of the list and of the export. */
export const customerFiltersShape = {
  /** Part of the email or the name, without regard to case. */
  query: z.string().trim().max(limits.customers.query, 'queryTooLong').optional(),
  /** Buyers of this product. */
  productId: z.uuid({ error: 'idInvalid' }).optional(),
  /** ISO 3166-1 alpha-2. */
  country: countrySchema.optional(),
  consent: z.enum(marketingConsents, { error: 'consentInvalid' }).optional(),
  /** Largest first: the latest purchase (default), the total net or the number of purchases. */
  sort: z.enum(customerSorts, { error: 'sortInvalid' }).default('lastPurchaseAt'),
};

export const customersPageShape = {
  page: queryInteger({
    min: 1,
    max: maxTransactionsPage,
    fallback: limits.transactions.defaultPage,
    message: 'pageInvalid',
  }),
  limit: queryInteger({
    min: 1,
    max: limits.transactions.maxLimit,
    fallback: limits.transactions.defaultLimit,
    message: 'limitInvalid',
  }),
};
