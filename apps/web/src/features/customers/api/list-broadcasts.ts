import {
  type ListBroadcastsResponse,
  listBroadcastsEndpoint,
} from '@seller/contract/customers/list-broadcasts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { customerKeys } from './customer-keys';

/** Mails per page of the list. */
export const broadcastsPageSize = 10;

export function fetchBroadcasts(
  page: number,
  signal?: AbortSignal,
): Promise<ListBroadcastsResponse> {
  return apiRequest(listBroadcastsEndpoint, {
    query: { page, limit: broadcastsPageSize },
    ...(signal ? { signal } : {}),
  });
}

export function broadcastsQueryOptions(page: number) {
  return queryOptions({
    queryKey: customerKeys.broadcasts(page),
    queryFn: ({ signal }) => fetchBroadcasts(page, signal),
  });
}

/** A page of the seller's mails to buyers, newest first, with sent and failed so far. */
export function useBroadcasts(page: number) {
  return useQuery({ ...broadcastsQueryOptions(page), placeholderData: keepPreviousData });
}
