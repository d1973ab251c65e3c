import {
  type ResetPasswordBody,
  resetPasswordEndpoint,
} from '@seller/contract/auth/reset-password';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { clearSession } from '@/lib/auth-token';
import type { MutationConfig } from '@/lib/react-query';

/**
 * Sets a new password with the token of a reset link. The server signs every session of the
 * seller out, this browser's included: its stored session is forgotten too.
 */
export async function resetPassword(body: ResetPasswordBody): Promise<void> {
  await apiRequest(resetPasswordEndpoint, { body });
  clearSession();
}

export function useResetPassword(config: MutationConfig<void, ResetPasswordBody> = {}) {
  return useMutation({ ...config, mutationFn: resetPassword });
}
