import { getProfileEndpoint, type Profile } from '@seller/contract/auth/get-profile';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** Query keys of the signed-in seller's profile. */
export const profileKeys = {
  all: ['profile'] as const,
  me: () => [...profileKeys.all, 'me'] as const,
};

export function fetchProfile(): Promise<Profile> {
  return apiRequest(getProfileEndpoint);
}

export function profileQueryOptions() {
  return queryOptions({ queryKey: profileKeys.me(), queryFn: fetchProfile });
}

export function useProfile() {
  return useQuery(profileQueryOptions());
}
