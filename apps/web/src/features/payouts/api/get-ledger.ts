import { limits } from '@seller/contract/limits';
import {
  getLedgerEndpoint,
  type LedgerQuery,
  type LedgerResponse,
} from '@seller/contract/payouts/get-ledger';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import type { LedgerRange } from '../lib/payouts-search-params';
import { payoutKeys } from './payout-keys';

export type { LedgerQuery };

export function fetchLedger(query: LedgerQuery, signal?: AbortSignal): Promise<LedgerResponse> {
  return apiRequest(getLedgerEndpoint, { query, ...(signal ? { signal } : {}) });
}

export function ledgerQueryOptions(query: LedgerQuery) {
  return queryOptions({
    queryKey: payoutKeys.ledger(query),
    queryFn: ({ signal }) => fetchLedger(query, signal),
  });
}

/**
 * One page of the ledger within the period, newest first. `enabled` false (a start after the
 * end, which selects nothing) asks the server nothing.
 */
export function useLedger(range: LedgerRange, page: number, { enabled = true } = {}) {
  return useQuery({
    ...ledgerQueryOptions({
      ...(range.from ? { from: range.from } : {}),
      ...(range.to ? { to: range.to } : {}),
      page,
      limit: limits.transactions.defaultLimit,
    }),
    enabled,
  });
}
