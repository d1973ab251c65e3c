import { deleteProductEndpoint } from '@seller/contract/products/delete-product';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/react-query';
import { invalidateProductQueries } from './invalidate-product-queries';
import { productKeys } from './product-keys';

export async function removeProduct(productId: string): Promise<void> {
  await apiRequest(deleteProductEndpoint, { params: { id: productId } });
}

export function useDeleteProduct(config: MutationConfig<void, string> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: removeProduct,
    onSuccess: async (data, productId, ...rest) => {
      // Not refetched at once: the edit page that deleted it is about to leave.
      await queryClient.invalidateQueries({
        queryKey: productKeys.detail(productId),
        refetchType: 'none',
      });
      await invalidateProductQueries(queryClient);
      return config.onSuccess?.(data, productId, ...rest);
    },
  });
}
