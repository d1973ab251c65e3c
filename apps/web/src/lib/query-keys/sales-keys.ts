import type { transactionsQuerySchema } from '@seller/contract/sales/get-transactions';
import type { z } from 'zod';

/**
 * Query keys of the seller's sales; `all` covers every sales query (for reloads). Here rather
 * than in features/sales because the products feature marks `byProduct` stale too, and a
 * feature imports no other feature: key factories that two features share live in this folder.
 */
export const salesKeys = {
  all: ['sales'] as const,
  stats: () => [...salesKeys.all, 'stats'] as const,
  /** Every page of transactions (a sale's downloads reset changes its row wherever it is). */
  transactionPages: () => [...salesKeys.all, 'transactions'] as const,
  transactions: (query: z.output<typeof transactionsQuerySchema>) =>
    [...salesKeys.transactionPages(), query] as const,
  /** One sale with its refunds and downloads. */
  sale: (purchaseId: string) => [...salesKeys.all, 'sale', purchaseId] as const,
  /** One sale's delivery evidence sheet. */
  evidence: (purchaseId: string) => [...salesKeys.sale(purchaseId), 'evidence'] as const,
  dailies: () => [...salesKeys.all, 'daily'] as const,
  daily: (days: number) => [...salesKeys.dailies(), days] as const,
  byProduct: () => [...salesKeys.all, 'by-product'] as const,
};
