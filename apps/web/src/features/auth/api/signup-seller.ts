import { type SignupBody, signupEndpoint } from '@seller/contract/auth/signup';
import type { TokenResponse } from '@seller/contract/auth/token-response';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/react-query';

export function signupSeller(body: SignupBody): Promise<TokenResponse> {
  return apiRequest(signupEndpoint, { body });
}

export function useSignup(config: MutationConfig<TokenResponse, SignupBody> = {}) {
  return useMutation({ ...config, mutationFn: signupSeller });
}
