import {
  getProductStatsEndpoint,
  type ProductStats,
} from '@seller/contract/products/get-product-stats';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { useWarnOnError } from '@/lib/use-warn-on-error';
import { productKeys } from './product-keys';

export function fetchProductStats(signal?: AbortSignal): Promise<ProductStats> {
  return apiRequest(getProductStatsEndpoint, signal ? { signal } : {});
}

export function productStatsQueryOptions() {
  return queryOptions({
    queryKey: productKeys.stats(),
    queryFn: ({ signal }) => fetchProductStats(signal),
  });
}

/** Total and active products. A failure is only logged: the counters show a dash. */
export function useProductStats() {
  const query = useQuery(productStatsQueryOptions());
  useWarnOnError('products', 'product stats', query.error);
  return query;
}
