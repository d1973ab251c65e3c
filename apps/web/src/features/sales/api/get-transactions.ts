import { limits } from '@seller/contract/limits';
import {
  getTransactionsEndpoint,
  type TransactionsResponse,
  type transactionsQuerySchema,
} from '@seller/contract/sales/get-transactions';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '@/lib/api-client';
import { salesKeys } from '@/lib/query-keys/sales-keys';
import { useWarnOnError } from '@/lib/use-warn-on-error';

type TransactionsQuery = z.output<typeof transactionsQuerySchema>;

/**
 * One page of one period, or of one day (`day` replaces the period); the page size is the
 * contract's default unless given.
 */
export type TransactionsPage = Pick<TransactionsQuery, 'period' | 'page'> &
  Partial<Pick<TransactionsQuery, 'limit' | 'day'>>;

export function fetchTransactions(
  { period, page, day, limit = limits.transactions.defaultLimit }: TransactionsPage,
  signal?: AbortSignal,
): Promise<TransactionsResponse> {
  return apiRequest(getTransactionsEndpoint, {
    query: { period, page, limit, ...(day ? { day } : {}) },
    ...(signal ? { signal } : {}),
  });
}

export function transactionsQueryOptions(query: TransactionsPage) {
  const limit = query.limit ?? limits.transactions.defaultLimit;
  return queryOptions({
    queryKey: salesKeys.transactions({
      period: query.period,
      page: query.page,
      limit,
      ...(query.day ? { day: query.day } : {}),
    }),
    queryFn: ({ signal }) => fetchTransactions({ ...query, limit }, signal),
  });
}

/** One page of the period's sales, newest first; a failure is logged and shown by the tab. */
export function useTransactions(query: TransactionsPage) {
  const result = useQuery(transactionsQueryOptions(query));
  useWarnOnError('sales', 'transactions', result.error);
  return result;
}
