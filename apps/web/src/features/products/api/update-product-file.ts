import {
  type UpdateProductFileBody,
  type UpdateProductFileResponse,
  updateProductFileEndpoint,
} from '@seller/contract/products/update-product-file';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/react-query';
import { productKeys } from './product-keys';

export interface UpdateProductFileInput {
  productId: string;
  fileId: string;
  body: UpdateProductFileBody;
}

export function saveProductFile({
  productId,
  fileId,
  body,
}: UpdateProductFileInput): Promise<UpdateProductFileResponse> {
  return apiRequest(updateProductFileEndpoint, { params: { id: productId, fileId }, body });
}

/** A file's samples (given whole, or its first pages); the product reloads. */
export function useUpdateProductFile(
  config: MutationConfig<UpdateProductFileResponse, UpdateProductFileInput> = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: saveProductFile,
    onSuccess: async (answer, input, ...rest) => {
      await queryClient.invalidateQueries({ queryKey: productKeys.detail(input.productId) });
      return config.onSuccess?.(answer, input, ...rest);
    },
  });
}
