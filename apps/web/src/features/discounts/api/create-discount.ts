import { createDiscountEndpoint } from '@seller/contract/discounts/create-discount';
import type { Discount, DiscountInput } from '@seller/contract/discounts/discount';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/react-query';
import { discountKeys } from './discount-keys';

export async function submitDiscount(input: DiscountInput): Promise<Discount> {
  return (await apiRequest(createDiscountEndpoint, { body: input })).discount;
}

export function useCreateDiscount(config: MutationConfig<Discount, DiscountInput> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: submitDiscount,
    onSuccess: async (...args) => {
      await queryClient.invalidateQueries({ queryKey: discountKeys.all });
      await config.onSuccess?.(...args);
    },
  });
}
