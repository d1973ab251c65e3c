import type { Discount } from '@seller/contract/discounts/discount';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { discountKeys } from './discount-keys';
import { fetchDiscounts } from './list-discounts';

/**
 * One of the seller's codes that may still be edited (not archived), read from the list's
 * pages; null when there is none with this id.
 */
export async function findDiscount(id: string, signal?: AbortSignal): Promise<Discount | null> {
  for (let page = 1; ; page++) {
    const { discounts, pagination } = await fetchDiscounts(undefined, page, signal);
    const found = discounts.find((discount) => discount.id === id);
    if (found) return found;
    if (page >= pagination.totalPages) return null;
  }
}

export function findDiscountQueryOptions(id: string) {
  return queryOptions({
    queryKey: [...discountKeys.all, 'find', id] as const,
    queryFn: ({ signal }) => findDiscount(id, signal),
  });
}

export function useFindDiscount(id: string) {
  return useQuery(findDiscountQueryOptions(id));
}
