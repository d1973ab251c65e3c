import {
  getProductStatsEndpoint,
  type ProductStats,
} from '@seller/contract/products/get-product-stats';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { productKeys } from './product-keys';

export function fetchProductStats(): Promise<ProductStats> {
  return apiRequest(getProductStatsEndpoint);
}

export function productStatsQueryOptions() {
  return queryOptions({ queryKey: productKeys.stats(), queryFn: fetchProductStats });
}

export function useProductStats() {
  return useQuery(productStatsQueryOptions());
}
