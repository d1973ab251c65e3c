import type { SaleNotifications } from '@seller/contract/auth/sale-notifications';
import { setSaleNotificationsEndpoint } from '@seller/contract/auth/set-sale-notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/react-query';
import { profileKeys } from './profile-keys';

export async function saveSaleNotifications(choice: SaleNotifications): Promise<SaleNotifications> {
  const { saleNotifications } = await apiRequest(setSaleNotificationsEndpoint, {
    body: { saleNotifications: choice },
  });
  return saleNotifications;
}

export function useSetSaleNotifications(
  config: MutationConfig<SaleNotifications, SaleNotifications> = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: saveSaleNotifications,
    onSuccess: (saved, ...rest) => {
      queryClient.setQueryData(profileKeys.saleNotifications(), saved);
      return config.onSuccess?.(saved, ...rest);
    },
  });
}
