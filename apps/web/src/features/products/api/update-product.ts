import type { ParamsOf } from '@seller/contract/endpoint';
import type { ProductDetail } from '@seller/contract/products/product';
import {
  type UpdateProductBody,
  updateProductEndpoint,
} from '@seller/contract/products/update-product';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/react-query';
import { invalidateProductQueries } from './invalidate-product-queries';
import { productKeys } from './product-keys';

export interface UpdateProductInput {
  productId: ParamsOf<typeof updateProductEndpoint>['id'];
  body: UpdateProductBody;
}

export function saveProduct({ productId, body }: UpdateProductInput): Promise<ProductDetail> {
  return apiRequest(updateProductEndpoint, { params: { id: productId }, body });
}

export function useUpdateProduct(config: MutationConfig<ProductDetail, UpdateProductInput> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: saveProduct,
    onSuccess: async (detail, ...rest) => {
      queryClient.setQueryData(productKeys.detail(detail.product.id), detail);
      await invalidateProductQueries(queryClient);
      return config.onSuccess?.(detail, ...rest);
    },
  });
}
