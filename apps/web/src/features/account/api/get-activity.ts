import { type ActivityResponse, getActivityEndpoint } from '@seller/contract/auth/get-activity';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { accountKeys } from './account-keys';

/** One page of the account's security activity, newest first. */
export function fetchActivity(page: number, limit: number): Promise<ActivityResponse> {
  return apiRequest(getActivityEndpoint, { query: { page, limit } });
}

export function activityQueryOptions(page: number, limit: number) {
  return queryOptions({
    queryKey: accountKeys.activity(page, limit),
    queryFn: () => fetchActivity(page, limit),
    placeholderData: keepPreviousData,
  });
}

export function useActivity(page: number, limit: number) {
  return useQuery(activityQueryOptions(page, limit));
}
