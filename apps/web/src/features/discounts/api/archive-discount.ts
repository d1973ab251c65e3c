import { archiveDiscountEndpoint } from '@seller/contract/discounts/archive-discount';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/react-query';
import { discountKeys } from './discount-keys';

export async function archiveDiscount(id: string): Promise<void> {
  await apiRequest(archiveDiscountEndpoint, { params: { id } });
}

export function useArchiveDiscount(config: MutationConfig<void, string> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: archiveDiscount,
    onSuccess: async (...args) => {
      await queryClient.invalidateQueries({ queryKey: discountKeys.all });
      await config.onSuccess?.(...args);
    },
  });
}
