import type { Profile } from '@seller/contract/auth/get-profile';
import {
  type UpdateProfileBody,
  updateProfileEndpoint,
} from '@seller/contract/auth/update-profile';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/react-query';
import { profileKeys } from './profile-keys';

export function saveProfile(body: UpdateProfileBody): Promise<Profile> {
  return apiRequest(updateProfileEndpoint, { body });
}

export function useUpdateProfile(config: MutationConfig<Profile, UpdateProfileBody> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: saveProfile,
    onSuccess: (profile, ...rest) => {
      queryClient.setQueryData(profileKeys.me(), profile);
      return config.onSuccess?.(profile, ...rest);
    },
  });
}
