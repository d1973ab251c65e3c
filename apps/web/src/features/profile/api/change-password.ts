import {
  type ChangePasswordBody,
  changePasswordEndpoint,
} from '@seller/contract/auth/change-password';
import type { TokenResponse } from '@seller/contract/auth/token-response';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { setToken } from '@/lib/auth-token';
import type { MutationConfig } from '@/lib/react-query';

/**
 * Changes the password. The server revokes every older token and returns a new one, which
 * replaces the stored token at once so that this session keeps working.
 */
export async function changeSellerPassword(body: ChangePasswordBody): Promise<TokenResponse> {
  const response = await apiRequest(changePasswordEndpoint, { body });
  setToken(response.token);
  return response;
}

export function useChangePassword(config: MutationConfig<TokenResponse, ChangePasswordBody> = {}) {
  return useMutation({ ...config, mutationFn: changeSellerPassword });
}
