import type { ApiToken } from '@seller/contract/developer/api-token';
import { listApiTokensEndpoint } from '@seller/contract/developer/list-api-tokens';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { apiTokenKeys } from './api-token-keys';

/** The tokens that still work, newest first (never their secrets). */
export async function fetchApiTokens(): Promise<ApiToken[]> {
  const { tokens } = await apiRequest(listApiTokensEndpoint);
  return tokens;
}

export function apiTokensQueryOptions() {
  return queryOptions({ queryKey: apiTokenKeys.list(), queryFn: fetchApiTokens });
}

export function useApiTokens() {
  return useQuery(apiTokensQueryOptions());
}
