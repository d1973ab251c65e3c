import type { DiscountStatus } from '@seller/contract/discounts/discount';
import {
  type ListDiscountsResponse,
  listDiscountsEndpoint,
} from '@seller/contract/discounts/list-discounts';
import { limits } from '@seller/contract/limits';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { discountKeys } from './discount-keys';

export function fetchDiscounts(
  status: DiscountStatus | undefined,
  page: number,
  signal?: AbortSignal,
): Promise<ListDiscountsResponse> {
  return apiRequest(listDiscountsEndpoint, {
    query: { ...(status ? { status } : {}), page, limit: limits.transactions.maxLimit },
    ...(signal ? { signal } : {}),
  });
}

export function discountsQueryOptions(status: DiscountStatus | undefined, page: number) {
  return queryOptions({
    queryKey: discountKeys.list(status, page),
    queryFn: ({ signal }) => fetchDiscounts(status, page, signal),
  });
}

/** One page of the seller's codes of a status (every one but the archived when none). */
export function useDiscounts(status: DiscountStatus | undefined, page: number) {
  return useQuery(discountsQueryOptions(status, page));
}
