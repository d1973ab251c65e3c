import type { SalesPeriod } from '@seller/contract/limits';

/** Query keys of the seller's sales; `all` covers every sales query (for reloads). */
export const salesKeys = {
  all: ['sales'] as const,
  stats: () => [...salesKeys.all, 'stats'] as const,
  transactions: (query: { period: SalesPeriod; page: number; limit: number }) =>
    [...salesKeys.all, 'transactions', query] as const,
  daily: (days: number) => [...salesKeys.all, 'daily', days] as const,
  byProduct: () => [...salesKeys.all, 'by-product'] as const,
};
