import { enableTwoFactorEndpoint } from '@seller/contract/auth/enable-two-factor';
import type { Profile } from '@seller/contract/auth/get-profile';
import type { BodyOf, ResponseOf } from '@seller/contract/endpoint';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/react-query';
import { profileKeys } from './profile-keys';

type EnableBody = BodyOf<typeof enableTwoFactorEndpoint>;
export type RecoveryCodes = ResponseOf<typeof enableTwoFactorEndpoint>;

/** Confirms the pending secret with a first code; answers the ten recovery codes, shown once. */
export function enableTwoFactor(body: EnableBody): Promise<RecoveryCodes> {
  return apiRequest(enableTwoFactorEndpoint, { body });
}

export function useEnableTwoFactor(config: MutationConfig<RecoveryCodes, EnableBody> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: enableTwoFactor,
    onSuccess: async (codes, ...rest) => {
      queryClient.setQueryData<Profile>(profileKeys.me(), (profile) =>
        profile ? { ...profile, twoFactorEnabled: true } : profile,
      );
      await queryClient.invalidateQueries({ queryKey: profileKeys.all });
      return config.onSuccess?.(codes, ...rest);
    },
  });
}
