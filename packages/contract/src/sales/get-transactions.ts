import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { limits, salesPeriods } from '../limits.ts';

/**
 * all; today; week = the last 7 days including today; month = this calendar month. Days are
 * those of the server's time zone (TIME_ZONE, Asia/Seoul by default).
 */
export const salesPeriodField = z.enum(salesPeriods, { error: 'periodInvalid' }).default('all');

/** The largest page number accepted; any page past the last one is simply empty. */
export const maxTransactionsPage = 1_000_000_000;

export const transactionsQuery = z.object({
  page: z.coerce
    .number({ error: 'pageInvalid' })
    .int('pageInvalid')
    .min(1, 'pageInvalid')
    .max(maxTransactionsPage, 'pageInvalid')
    .default(limits.transactions.defaultPage),
  limit: z.coerce
    .number({ error: 'limitInvalid' })
    .int('limitInvalid')
    .min(1, 'limitInvalid')
    .max(limits.transactions.maxLimit, 'limitInvalid')
    .default(limits.transactions.defaultLimit),
  period: salesPeriodField,
});
export type TransactionsQuery = z.input<typeof transactionsQuery>;

/** One sale, snake_case as in spec section 3; amounts in KRW. */
export const transaction = z.object({
  purchase_id: z.string(),
  /** ISO 8601, UTC. */
  purchase_date: z.string(),
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
});
export type Transaction = z.infer<typeof transaction>;

export const pagination = z.object({
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
  /** `ceil(total / limit)`: 0 when there is nothing to show. */
  totalPages: z.number().int(),
});
export type Pagination = z.infer<typeof pagination>;

export const transactionsResponse = z.object({
  transactions: z.array(transaction),
  pagination,
});
export type TransactionsResponse = z.infer<typeof transactionsResponse>;

export const getTransactions = defineEndpoint({
  method: 'GET',
  path: '/api/products/sales/transactions',
  summary: "The seller's sales of a period, newest first, one page at a time",
  tags: ['sales'],
  auth: true,
  successStatus: 200,
  query: transactionsQuery,
  response: transactionsResponse,
});
