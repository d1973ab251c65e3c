import type { Discount, DiscountInput } from '@seller/contract/discounts/discount';
import { updateDiscountEndpoint } from '@seller/contract/discounts/update-discount';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/react-query';
import { discountKeys } from './discount-keys';

export interface DiscountUpdate {
  id: string;
  input: DiscountInput;
}

export async function saveDiscount({ id, input }: DiscountUpdate): Promise<Discount> {
  return (await apiRequest(updateDiscountEndpoint, { params: { id }, body: input })).discount;
}

export function useUpdateDiscount(config: MutationConfig<Discount, DiscountUpdate> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: saveDiscount,
    onSuccess: async (...args) => {
      await queryClient.invalidateQueries({ queryKey: discountKeys.all });
      await config.onSuccess?.(...args);
    },
  });
}
