import { limits } from '@seller/contract/limits';
import {
  type DailySalesResponse,
  getDailySalesEndpoint,
} from '@seller/contract/sales/get-daily-sales';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { salesKeys } from '@/lib/query-keys/sales-keys';
import { useWarnOnError } from '@/lib/use-warn-on-error';

export function fetchDailySales(
  days: number = limits.dailySales.defaultDays,
  signal?: AbortSignal,
): Promise<DailySalesResponse> {
  return apiRequest(getDailySalesEndpoint, { query: { days }, ...(signal ? { signal } : {}) });
}

export function dailySalesQueryOptions(days: number = limits.dailySales.defaultDays) {
  return queryOptions({
    queryKey: salesKeys.daily(days),
    queryFn: ({ signal }) => fetchDailySales(days, signal),
  });
}

/** Sales per day over the window ending today, zero days included. Failures are only logged. */
export function useDailySales(days: number = limits.dailySales.defaultDays) {
  const query = useQuery(dailySalesQueryOptions(days));
  useWarnOnError('sales', 'daily sales', query.error);
  return query;
}
