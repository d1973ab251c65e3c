import { getSaleNotificationsEndpoint } from '@seller/contract/auth/get-sale-notifications';
import type { SaleNotifications } from '@seller/contract/auth/sale-notifications';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { profileKeys } from './profile-keys';

/** How the seller hears of sales: a mail on each, a daily summary, or none. */
export async function fetchSaleNotifications(): Promise<SaleNotifications> {
  const { saleNotifications } = await apiRequest(getSaleNotificationsEndpoint);
  return saleNotifications;
}

export function saleNotificationsQueryOptions() {
  return queryOptions({
    queryKey: profileKeys.saleNotifications(),
    queryFn: fetchSaleNotifications,
  });
}

export function useSaleNotifications() {
  return useQuery(saleNotificationsQueryOptions());
}
