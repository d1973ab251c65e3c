import {
  getSalesOverviewEndpoint,
  type SalesOverview,
} from '@seller/contract/sales/get-sales-overview';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { dashboardKeys } from '@/lib/query-keys/dashboard-keys';
import { useWarnOnError } from '@/lib/use-warn-on-error';

export function fetchSalesOverview(signal?: AbortSignal): Promise<SalesOverview> {
  return apiRequest(getSalesOverviewEndpoint, signal ? { signal } : {});
}

export function salesOverviewQueryOptions() {
  return queryOptions({
    queryKey: dashboardKeys.salesOverview(),
    queryFn: ({ signal }) => fetchSalesOverview(signal),
  });
}

/** The last 30 days against the 30 before, best sellers, latest sales. Failures are only logged. */
export function useSalesOverview() {
  const query = useQuery(salesOverviewQueryOptions());
  useWarnOnError('dashboard', 'the sales overview', query.error);
  return query;
}
