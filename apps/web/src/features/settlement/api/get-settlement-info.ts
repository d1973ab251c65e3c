import {
  getSettlementInfoEndpoint,
  type SettlementInfo,
} from '@seller/contract/settlement/get-settlement-info';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { settlementKeys } from './settlement-keys';

export function fetchSettlementInfo(signal?: AbortSignal): Promise<SettlementInfo> {
  return apiRequest(getSettlementInfoEndpoint, signal ? { signal } : {});
}

export function settlementInfoQueryOptions() {
  return queryOptions({
    queryKey: settlementKeys.info(),
    queryFn: ({ signal }) => fetchSettlementInfo(signal),
    // Always the stored values when the screen opens (they may change on another device).
    staleTime: 0,
  });
}

export function useSettlementInfo() {
  return useQuery(settlementInfoQueryOptions());
}
