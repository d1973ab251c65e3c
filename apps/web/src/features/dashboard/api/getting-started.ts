import {
  type GettingStarted,
  getGettingStartedEndpoint,
} from '@seller/contract/getting-started/get-getting-started';
import {
  type UpdateGettingStartedBody,
  updateGettingStartedEndpoint,
} from '@seller/contract/getting-started/update-getting-started';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { dashboardKeys } from '@/lib/query-keys/dashboard-keys';
import type { MutationConfig } from '@/lib/react-query';
import { useWarnOnError } from '@/lib/use-warn-on-error';

export function fetchGettingStarted(signal?: AbortSignal): Promise<GettingStarted> {
  return apiRequest(getGettingStartedEndpoint, signal ? { signal } : {});
}

export function gettingStartedQueryOptions() {
  return queryOptions({
    queryKey: dashboardKeys.gettingStarted(),
    queryFn: ({ signal }) => fetchGettingStarted(signal),
    // Its steps change on other screens (settlement, products): read afresh on each visit.
    staleTime: 0,
  });
}

/** Which first steps are done, and whether the checklist was closed. Failures are only logged. */
export function useGettingStarted() {
  const query = useQuery(gettingStartedQueryOptions());
  useWarnOnError('dashboard', 'the getting-started checklist', query.error);
  return query;
}

export function saveGettingStarted(body: UpdateGettingStartedBody): Promise<GettingStarted> {
  return apiRequest(updateGettingStartedEndpoint, { body });
}

/** Records a step (the creator link shared) or closes the checklist; the answer is cached. */
export function useUpdateGettingStarted(
  config: MutationConfig<GettingStarted, UpdateGettingStartedBody> = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: saveGettingStarted,
    onSuccess: (state, ...rest) => {
      queryClient.setQueryData(dashboardKeys.gettingStarted(), state);
      return config.onSuccess?.(state, ...rest);
    },
  });
}
