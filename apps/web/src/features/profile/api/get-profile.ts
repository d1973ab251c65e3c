import { getProfileEndpoint, type Profile } from '@seller/contract/auth/get-profile';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { profileKeys } from './profile-keys';

export function fetchProfile(): Promise<Profile> {
  return apiRequest(getProfileEndpoint);
}

export function profileQueryOptions() {
  return queryOptions({ queryKey: profileKeys.me(), queryFn: fetchProfile });
}

export function useProfile() {
  return useQuery(profileQueryOptions());
}
