import { getSalesStatsEndpoint, type SalesStats } from '@seller/contract/sales/get-sales-stats';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { salesKeys } from '@/lib/query-keys/sales-keys';
import { useWarnOnError } from '@/lib/use-warn-on-error';

export function fetchSalesStats(signal?: AbortSignal): Promise<SalesStats> {
  return apiRequest(getSalesStatsEndpoint, signal ? { signal } : {});
}

export function salesStatsQueryOptions() {
  return queryOptions({
    queryKey: salesKeys.stats(),
    queryFn: ({ signal }) => fetchSalesStats(signal),
  });
}

/** Total, this month and today (count, gross, commission, net). Failures are only logged. */
export function useSalesStats() {
  const query = useQuery(salesStatsQueryOptions());
  useWarnOnError('sales', 'sales statistics', query.error);
  return query;
}
