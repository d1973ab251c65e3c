import { getSessionsEndpoint, type Session } from '@seller/contract/auth/get-sessions';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { accountKeys } from './account-keys';

/** The browsers signed in to the account, the most recently used first. */
export async function fetchSessions(): Promise<Session[]> {
  const { sessions } = await apiRequest(getSessionsEndpoint);
  return sessions;
}

export function sessionsQueryOptions() {
  return queryOptions({ queryKey: accountKeys.sessions(), queryFn: fetchSessions });
}

export function useSessions() {
  return useQuery(sessionsQueryOptions());
}
