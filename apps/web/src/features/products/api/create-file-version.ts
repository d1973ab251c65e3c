import {
  type CreateFileVersionBody,
  type CreateFileVersionResponse,
  createFileVersionEndpoint,
} from '@seller/contract/products/create-file-version';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/react-query';
import { invalidateProductQueries } from './invalidate-product-queries';
import { productKeys } from './product-keys';

export interface CreateFileVersionInput {
  productId: string;
  fileId: string;
  body: CreateFileVersionBody;
}

export function submitFileVersion({
  productId,
  fileId,
  body,
}: CreateFileVersionInput): Promise<CreateFileVersionResponse> {
  return apiRequest(createFileVersionEndpoint, { params: { id: productId, fileId }, body });
}

/** A completed upload made the newest version of a file; the product and its lists reload. */
export function useCreateFileVersion(
  config: MutationConfig<CreateFileVersionResponse, CreateFileVersionInput> = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: submitFileVersion,
    onSuccess: async (answer, input, ...rest) => {
      // The product's detail covers its files' versions (their keys sit under it).
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: productKeys.detail(input.productId) }),
        invalidateProductQueries(queryClient),
      ]);
      return config.onSuccess?.(answer, input, ...rest);
    },
  });
}
