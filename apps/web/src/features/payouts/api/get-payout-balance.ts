import {
  getPayoutBalanceEndpoint,
  type PayoutBalance,
} from '@seller/contract/payouts/get-payout-balance';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { payoutKeys } from './payout-keys';

export function fetchPayoutBalance(signal?: AbortSignal): Promise<PayoutBalance> {
  return apiRequest(getPayoutBalanceEndpoint, signal ? { signal } : {});
}

export function payoutBalanceQueryOptions() {
  return queryOptions({
    queryKey: payoutKeys.balance(),
    queryFn: ({ signal }) => fetchPayoutBalance(signal),
  });
}

/** What the seller is owed now, with the totals it is made of. */
export function usePayoutBalance() {
  return useQuery(payoutBalanceQueryOptions());
}
