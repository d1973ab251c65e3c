import {
  type ForgotPasswordBody,
  forgotPasswordEndpoint,
} from '@seller/contract/auth/forgot-password';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/react-query';

/**
 * Asks for a reset link for an email address. The server answers the same whether or not an
 * account has it, so the screen says the same either way.
 */
export async function requestPasswordReset(body: ForgotPasswordBody): Promise<void> {
  await apiRequest(forgotPasswordEndpoint, { body });
}

export function useRequestPasswordReset(config: MutationConfig<void, ForgotPasswordBody> = {}) {
  return useMutation({ ...config, mutationFn: requestPasswordReset });
}
