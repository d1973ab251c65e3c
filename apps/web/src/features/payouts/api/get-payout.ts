import { getPayoutEndpoint, type PayoutDetail } from '@seller/contract/payouts/get-payout';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { payoutKeys } from './payout-keys';

export function fetchPayout(id: string, signal?: AbortSignal): Promise<PayoutDetail> {
  return apiRequest(getPayoutEndpoint, { params: { id }, ...(signal ? { signal } : {}) });
}

export function payoutQueryOptions(id: string) {
  return queryOptions({
    queryKey: payoutKeys.detail(id),
    queryFn: ({ signal }) => fetchPayout(id, signal),
  });
}

/** A payout and its statement: the entries after the previous payout up to this one. */
export function usePayout(id: string) {
  return useQuery(payoutQueryOptions(id));
}
