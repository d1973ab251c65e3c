import type { ProductListItem } from '@seller/contract/products/list-my-products';
import { listMyProductsEndpoint } from '@seller/contract/products/list-my-products';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { productKeys } from './product-keys';

export async function fetchMyProducts(): Promise<ProductListItem[]> {
  const response = await apiRequest(listMyProductsEndpoint);
  return response.products;
}

export function myProductsQueryOptions() {
  return queryOptions({ queryKey: productKeys.list(), queryFn: fetchMyProducts });
}

export function useMyProducts() {
  return useQuery(myProductsQueryOptions());
}
