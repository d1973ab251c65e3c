import { getSaleEndpoint, type SaleDetail } from '@seller/contract/sales/get-sale';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { salesKeys } from '@/lib/query-keys/sales-keys';

export function fetchSale(purchaseId: string, signal?: AbortSignal): Promise<SaleDetail> {
  return apiRequest(getSaleEndpoint, {
    params: { purchaseId },
    ...(signal ? { signal } : {}),
  });
}

export function saleQueryOptions(purchaseId: string) {
  return queryOptions({
    queryKey: salesKeys.sale(purchaseId),
    queryFn: ({ signal }) => fetchSale(purchaseId, signal),
  });
}

/**
 * One sale with its refunds (oldest first) and every download the buyer was given (newest
 * first). Another seller's sale answers `not_found`, and the shell shows its not-found page.
 */
export function useSale(purchaseId: string) {
  return useQuery(saleQueryOptions(purchaseId));
}
