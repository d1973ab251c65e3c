import type { Session } from '@seller/contract/auth/get-sessions';
import { revokeSessionEndpoint } from '@seller/contract/auth/revoke-session';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/react-query';
import { accountKeys } from './account-keys';

/** That browser is signed out at its next request. */
export async function revokeSession(sessionId: string): Promise<void> {
  await apiRequest(revokeSessionEndpoint, { params: { id: sessionId } });
}

export function useRevokeSession(config: MutationConfig<void, string> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: revokeSession,
    onSuccess: async (result, sessionId, ...rest) => {
      queryClient.setQueryData<Session[]>(accountKeys.sessions(), (sessions) =>
        sessions?.filter((session) => session.id !== sessionId),
      );
      await queryClient.invalidateQueries({ queryKey: accountKeys.all });
      return config.onSuccess?.(result, sessionId, ...rest);
    },
  });
}
