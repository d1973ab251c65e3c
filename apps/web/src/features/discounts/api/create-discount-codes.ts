import { createDiscountCodesEndpoint } from '@seller/contract/discounts/create-discount-codes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/react-query';
import { discountKeys } from './discount-keys';

export interface DiscountCodesRequest {
  id: string;
  count: number;
  prefix?: string | undefined;
}

export async function submitDiscountCodes({
  id,
  count,
  prefix,
}: DiscountCodesRequest): Promise<number> {
  const response = await apiRequest(createDiscountCodesEndpoint, {
    params: { id },
    body: { count, ...(prefix ? { prefix } : {}) },
  });
  return response.created;
}

export function useCreateDiscountCodes(config: MutationConfig<number, DiscountCodesRequest> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: submitDiscountCodes,
    onSuccess: async (...args) => {
      await queryClient.invalidateQueries({ queryKey: discountKeys.all });
      await config.onSuccess?.(...args);
    },
  });
}
