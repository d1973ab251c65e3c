import {
  getSalesByProductEndpoint,
  type SalesByProductResponse,
} from '@seller/contract/sales/get-sales-by-product';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { salesKeys } from '@/lib/query-keys/sales-keys';
import { useWarnOnError } from '@/lib/use-warn-on-error';

export function fetchSalesByProduct(signal?: AbortSignal): Promise<SalesByProductResponse> {
  return apiRequest(getSalesByProductEndpoint, signal ? { signal } : {});
}

export function salesByProductQueryOptions() {
  return queryOptions({
    queryKey: salesKeys.byProduct(),
    queryFn: ({ signal }) => fetchSalesByProduct(signal),
  });
}

/** Sales per product (count, revenue, last sale). Failures are only logged. */
export function useSalesByProduct() {
  const query = useQuery(salesByProductQueryOptions());
  useWarnOnError('sales', 'sales by product', query.error);
  return query;
}
