import { type LoginBody, login } from '@seller/contract/auth/login';
import type { TokenResponse } from '@seller/contract/auth/token-response';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/react-query';

export function loginSeller(body: LoginBody): Promise<TokenResponse> {
  return apiRequest(login, { body });
}

export function useLogin(config: MutationConfig<TokenResponse, LoginBody> = {}) {
  return useMutation({ ...config, mutationFn: loginSeller });
}
