import { limits } from '@seller/contract/limits';
import { listPayoutsEndpoint, type PayoutsResponse } from '@seller/contract/payouts/list-payouts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { payoutKeys } from './payout-keys';

export function fetchPayouts(page: number, signal?: AbortSignal): Promise<PayoutsResponse> {
  return apiRequest(listPayoutsEndpoint, {
    query: { page, limit: limits.transactions.defaultLimit },
    ...(signal ? { signal } : {}),
  });
}

export function payoutsQueryOptions(page: number) {
  return queryOptions({
    queryKey: payoutKeys.list(page),
    queryFn: ({ signal }) => fetchPayouts(page, signal),
  });
}

/** One page of the payouts made to the seller, newest first. */
export function usePayouts(page: number) {
  return useQuery(payoutsQueryOptions(page));
}
