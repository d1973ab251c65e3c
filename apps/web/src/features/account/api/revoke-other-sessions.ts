import type { Session } from '@seller/contract/auth/get-sessions';
import { revokeOtherSessionsEndpoint } from '@seller/contract/auth/revoke-other-sessions';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/react-query';
import { accountKeys } from './account-keys';

/** Every browser but this one is signed out. */
export async function revokeOtherSessions(): Promise<void> {
  await apiRequest(revokeOtherSessionsEndpoint);
}

export function useRevokeOtherSessions(config: MutationConfig<void, void> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: revokeOtherSessions,
    onSuccess: async (...args) => {
      queryClient.setQueryData<Session[]>(accountKeys.sessions(), (sessions) =>
        sessions?.filter((session) => session.current),
      );
      await queryClient.invalidateQueries({ queryKey: accountKeys.all });
      return config.onSuccess?.(...args);
    },
  });
}
