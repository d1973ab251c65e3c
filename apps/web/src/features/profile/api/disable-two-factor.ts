import { disableTwoFactorEndpoint } from '@seller/contract/auth/disable-two-factor';
import type { Profile } from '@seller/contract/auth/get-profile';
import type { BodyOf } from '@seller/contract/endpoint';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/react-query';
import { profileKeys } from './profile-keys';

type DisableBody = BodyOf<typeof disableTwoFactorEndpoint>;

/** Turns two-factor sign-in off with the password and a current code. */
export function disableTwoFactor(body: DisableBody): Promise<void> {
  return apiRequest(disableTwoFactorEndpoint, { body });
}

export function useDisableTwoFactor(config: MutationConfig<void, DisableBody> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: disableTwoFactor,
    onSuccess: async (result, ...rest) => {
      queryClient.setQueryData<Profile>(profileKeys.me(), (profile) =>
        profile ? { ...profile, twoFactorEnabled: false } : profile,
      );
      await queryClient.invalidateQueries({ queryKey: profileKeys.all });
      return config.onSuccess?.(result, ...rest);
    },
  });
}
