import {
  type CreateProductBody,
  createProductEndpoint,
} from '@seller/contract/products/create-product';
import type { ProductDetail } from '@seller/contract/products/product';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/react-query';
import { invalidateProductQueries } from './invalidate-product-queries';
import { productKeys } from './product-keys';

export function submitProduct(body: CreateProductBody): Promise<ProductDetail> {
  return apiRequest(createProductEndpoint, { body });
}

export function useCreateProduct(config: MutationConfig<ProductDetail, CreateProductBody> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: submitProduct,
    onSuccess: async (detail, ...rest) => {
      queryClient.setQueryData(productKeys.detail(detail.product.id), detail);
      await invalidateProductQueries(queryClient);
      return config.onSuccess?.(detail, ...rest);
    },
  });
}
