import type { DataExport } from '@seller/contract/auth/data-export';
import { getDataExportEndpoint } from '@seller/contract/auth/get-data-export';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { dataExportKeys } from './data-export-keys';

/** While an export is built the screen looks again this often. */
export const pendingPollMs = 5000;

/** The latest export asked for (null when none), with a fresh download link when ready. */
export async function fetchDataExport(): Promise<DataExport | null> {
  const response = await apiRequest(getDataExportEndpoint);
  return response.export;
}

export function dataExportQueryOptions() {
  return queryOptions({
    queryKey: dataExportKeys.latest(),
    queryFn: fetchDataExport,
    // Looks again while it is built; a ready link is read anew when the screen is opened.
    refetchInterval: (query) => (query.state.data?.status === 'pending' ? pendingPollMs : false),
    staleTime: 0,
  });
}

export function useDataExport() {
  return useQuery(dataExportQueryOptions());
}
