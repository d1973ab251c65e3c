import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { isoDaySchema, queryInteger } from '../fields.ts';
import { limits, salesPeriods } from '../limits.ts';

/**
 * all; today; week = the last 7 days including today; month = this calendar month. Days are
 * those of the server's time zone (TIME_ZONE, Asia/Seoul by default).
 */
export const salesPeriodSchema = z.enum(salesPeriods, { error: 'periodInvalid' }).default('all');

/** The largest page number accepted; any page past the last one is simply empty. */
export const maxTransactionsPage = 1_000_000_000;

export const transactionsQuerySchema = z.object({
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
  period: salesPeriodSchema,
  /** One local day (`YYYY-MM-DD` in the server's time zone); when given, it replaces `period`. */
  day: isoDaySchema('dayInvalid').optional(),
});
export type TransactionsQuery = z.input<typeof transactionsQuerySchema>;

export const transactionStatuses = ['paid', 'partially_refunded', 'refunded'] as const;
export type TransactionStatus = (typeof transactionStatuses)[number];

/** One sale; amounts in KRW. Field names in snake_case, as clients read them (docs/product-rules.md). */
export const transactionSchema = z.object({
  purchase_id: z.string(),
  /** ISO 8601, UTC. */
  purchase_date: z.iso.datetime(),
  order_id: z.string(),
  product_id: z.string(),
  product_title: z.string(),
  customer_email: z.string(),
  payment_method: z.string(),
  purchase_price: z.number().int(),
  /** Basis points in force at the time of the sale: 0 (first six months) or 1000 (10 %). */
  commission_rate: z.number().int(),
  commission_amount: z.number().int(),
  net_amount: z.number().int(),
  /** `paid`, `partially_refunded` or `refunded` (refunds and chargebacks alike). */
  status: z.enum(transactionStatuses),
  /** What refunds and chargebacks took back of `purchase_price` so far, in KRW. */
  refunded_amount: z.number().int(),
  /**
   * Downloads the buyer was given since the sale or since the seller last reset them, all files
   * together (each file has its own `download_limit`).
   */
  download_count: z.number().int(),
  /** When the buyer was last given a download link (a reset keeps it); null before any. */
  last_download_at: z.iso.datetime().nullable(),
  /** The discount code the buyer used (in capitals); null without one. */
  discount_code: z.string().nullable(),
  /** The price before the discount, in KRW, when the member site sent it. */
  list_amount: z.number().int().nullable(),
  /** What the discount took off: `list_amount - purchase_price`, or the held use's discount. */
  discount_amount: z.number().int().nullable(),
  /** The code did not apply and no held use covered it; the sale was recorded all the same. */
  discount_over_limit: z.boolean(),
  /** The buyer's country (ISO 3166-1 alpha-2) and language, as the member site told; or null. */
  buyer_country: z.string().nullable(),
  buyer_locale: z.string().nullable(),
  /** Where the buyer came from and the campaign (`utm_campaign`), as the member site told. */
  source: z.string().nullable(),
  utm_campaign: z.string().nullable(),
});
export type Transaction = z.infer<typeof transactionSchema>;

export const paginationSchema = z.object({
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
  /** `ceil(total / limit)`: 0 when there is nothing to show. */
  totalPages: z.number().int(),
});
export type Pagination = z.infer<typeof paginationSchema>;

export const transactionsResponseSchema = z.object({
  transactions: z.array(transactionSchema),
  pagination: paginationSchema,
});
export type TransactionsResponse = z.infer<typeof transactionsResponseSchema>;

export const getTransactionsEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/products/sales/transactions',
  operationId: 'getTransactions',
  summary: "The seller's sales, a page at a time",
  description:
    "The seller's sales of a period, or of one local day with `day` (which then replaces `period`), newest first. `page` and `limit` are whole numbers written in plain digits (`2`, not `02`, `2.0` or `0x2`); a page past the last one is empty.",
  tags: ['sales'],
  auth: true,
  scope: 'sales:read',
  successStatus: 200,
  query: transactionsQuerySchema,
  response: transactionsResponseSchema,
});
