import { confirmEmailChangeEndpoint } from '@seller/contract/auth/confirm-email-change';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { clearSession } from '@/lib/auth-token';
import type { MutationConfig } from '@/lib/react-query';

/**
 * Uses the link's token: the account moves to the new address; answers that address. The
 * server signs every session of the seller out, this browser's included: its stored session is
 * forgotten too, and the seller signs in again with the new address.
 */
export async function confirmEmailChange(token: string): Promise<string> {
  const { email } = await apiRequest(confirmEmailChangeEndpoint, { body: { token } });
  clearSession();
  return email;
}

export function useConfirmEmailChange(config: MutationConfig<string, string> = {}) {
  return useMutation({ ...config, mutationFn: confirmEmailChange });
}
