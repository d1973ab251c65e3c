import { twoFactorSetupEndpoint } from '@seller/contract/auth/start-two-factor-setup';
import type { ResponseOf } from '@seller/contract/endpoint';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/react-query';

export type TwoFactorSetup = ResponseOf<typeof twoFactorSetupEndpoint>;

/**
 * A new authenticator secret, waiting on the server until a first code confirms it (asking
 * again replaces it).
 */
export function startTwoFactorSetup(): Promise<TwoFactorSetup> {
  return apiRequest(twoFactorSetupEndpoint);
}

export function useStartTwoFactorSetup(config: MutationConfig<TwoFactorSetup, void> = {}) {
  return useMutation({ ...config, mutationFn: startTwoFactorSetup });
}
