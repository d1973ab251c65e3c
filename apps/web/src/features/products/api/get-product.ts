import { getProductEndpoint } from '@seller/contract/products/get-product';
import type { ProductDetail } from '@seller/contract/products/product';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { productKeys } from './product-keys';

export function fetchProduct(productId: string): Promise<ProductDetail> {
  return apiRequest(getProductEndpoint, { params: { id: productId } });
}

export function productQueryOptions(productId: string) {
  return queryOptions({
    queryKey: productKeys.detail(productId),
    queryFn: () => fetchProduct(productId),
  });
}

export function useProduct(productId: string) {
  return useQuery(productQueryOptions(productId));
}
