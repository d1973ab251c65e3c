import {
  getProductStatsEndpoint,
  type ProductStats,
} from '@seller/contract/products/get-product-stats';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { apiRequest } from '@/lib/api-client';

/** Query keys of the dashboard's own data. */
export const dashboardKeys = {
  all: ['dashboard'] as const,
  productStats: () => [...dashboardKeys.all, 'product-stats'] as const,
};

export function fetchProductStats(signal?: AbortSignal): Promise<ProductStats> {
  return apiRequest(getProductStatsEndpoint, signal ? { signal } : {});
}

export function productStatsQueryOptions() {
  return queryOptions({
    queryKey: dashboardKeys.productStats(),
    queryFn: ({ signal }) => fetchProductStats(signal),
  });
}

/** Total and active products. A failure is only logged (spec section 8). */
export function useProductStats() {
  const query = useQuery(productStatsQueryOptions());
  useEffect(() => {
    if (query.error) console.warn('[dashboard] Failed to load product stats:', query.error.message);
  }, [query.error]);
  return query;
}
