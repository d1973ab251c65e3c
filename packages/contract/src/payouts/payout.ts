import { z } from 'zod';
import { isoDaySchema, queryInteger } from '../fields.ts';
import { limits } from '../limits.ts';
import { maxTransactionsPage } from '../sales/get-transactions.ts';

/** How a payout reaches the seller: one of the methods of the payout details. */
export const payoutMethods = ['alipay', 'bank', 'paypal'] as const;
export type PayoutMethod = (typeof payoutMethods)[number];

/** Money paid out to the seller outside the seller center; amounts in KRW. */
export const payoutSchema = z.object({
  id: z.string(),
  /** The operator's id of the payout: one payout per id. */
  payoutId: z.string(),
  amount: z.number().int(),
  method: z.enum(payoutMethods),
  /** The transfer's own reference (bank, Alipay or PayPal), when the operator gave one. */
  reference: z.string().nullable(),
  /** ISO 8601, UTC: when the money was sent. */
  paidAt: z.iso.datetime(),
});
export type Payout = z.infer<typeof payoutSchema>;

export const ledgerEntryTypes = ['sale', 'refund', 'chargeback', 'payout'] as const;
export type LedgerEntryType = (typeof ledgerEntryTypes)[number];

/**
 * One entry of the seller's ledger. Money the seller gains is positive, money taken back or
 * paid out negative: a sale is `+amount / +commission / +net`, a refund or chargeback
 * `-amount / -commission returned / -net`, a payout `-amount / 0 / -amount`.
 */
export const ledgerEntrySchema = z.object({
  id: z.string(),
  type: z.enum(ledgerEntryTypes),
  /** ISO 8601, UTC: when the entry was recorded. */
  at: z.iso.datetime(),
  /** The member site's order, for sales, refunds and chargebacks; null for a payout. */
  orderId: z.string().nullable(),
  /** The product sold or refunded; null for a payout. */
  productTitle: z.string().nullable(),
  gross: z.number().int(),
  commission: z.number().int(),
  net: z.number().int(),
  /** The balance once this entry is counted: every entry's `net` up to it, oldest first. */
  balanceAfter: z.number().int(),
});
export type LedgerEntry = z.infer<typeof ledgerEntrySchema>;

/** The page and size of a list of payouts or ledger entries. */
export const pageQueryShape = {
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

/** `from` and `to`: local days (`YYYY-MM-DD` in the server's time zone), both included. */
export const ledgerRangeShape = {
  from: isoDaySchema('dayInvalid').optional(),
  to: isoDaySchema('dayInvalid').optional(),
};

/** `from` after `to` is refused rather than answered with nothing. */
export function checkLedgerRange(
  range: { from?: string | undefined; to?: string | undefined },
  context: z.RefinementCtx,
): void {
  if (range.from !== undefined && range.to !== undefined && range.from > range.to) {
    context.addIssue({ code: 'custom', path: ['to'], message: 'dateRangeInvalid' });
  }
}

/** What a statement sums: the entries after the previous payout up to this one. */
export const payoutStatementSchema = z.object({
  /** ISO 8601, UTC: the previous payout's time, or the first entry's when there was none. */
  from: z.iso.datetime(),
  /** ISO 8601, UTC: this payout's time (its ledger entry). */
  to: z.iso.datetime(),
  /** The balance just after the previous payout (0 before the first one). */
  openingBalance: z.number().int(),
  sales: z.object({
    count: z.number().int(),
    gross: z.number().int(),
    commission: z.number().int(),
    net: z.number().int(),
  }),
  /** Refunds and chargebacks together, as positive amounts. */
  refunds: z.object({
    count: z.number().int(),
    amount: z.number().int(),
    commissionReturned: z.number().int(),
    net: z.number().int(),
  }),
  /**
   * The balance just after this payout: opening + sales' net − refunds' net − the payout.
   */
  closingBalance: z.number().int(),
});
export type PayoutStatement = z.infer<typeof payoutStatementSchema>;

/** The columns of the ledger and statement CSV files, in order. */
export const ledgerCsvColumns = [
  'date',
  'type',
  'order_id',
  'product_title',
  'gross_krw',
  'commission_krw',
  'net_krw',
  'balance_after_krw',
  'entry_id',
] as const;

export const payoutIdParamsSchema = z.object({ id: z.string() });
