import type { DataExport } from '@seller/contract/auth/data-export';
import { getDataExportEndpoint } from '@seller/contract/auth/get-data-export';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { dataExportKeys } from './data-export-keys';

/** While an export is built the screen looks again this often. */
export const pendingPollMs = 5000;
/** A ready export's download link is fetched anew this long before it stops working. */
export const linkRenewalMarginMs = 30_000;

/** The latest export asked for (null when none), with a fresh download link when ready. */
export async function fetchDataExport(): Promise<DataExport | null> {
  const response = await apiRequest(getDataExportEndpoint);
  return response.export;
}

/**
 * When the screen looks at the export again: every few seconds while it is built, and shortly
 * before a ready export's link stops working (so the link shown always works); never otherwise.
 */
export function nextLookMs(data: DataExport | null | undefined, now = Date.now()): number | false {
  if (data?.status === 'pending') return pendingPollMs;
  if (data?.status !== 'ready' || !data.downloadUrlExpiresAt) return false;
  return Math.max(1000, Date.parse(data.downloadUrlExpiresAt) - now - linkRenewalMarginMs);
}

export function dataExportQueryOptions() {
  return queryOptions({
    queryKey: dataExportKeys.latest(),
    queryFn: fetchDataExport,
    refetchInterval: (query) => nextLookMs(query.state.data),
    staleTime: 0,
  });
}

export function useDataExport() {
  return useQuery(dataExportQueryOptions());
}
