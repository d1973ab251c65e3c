import { confirmEmailChangeEndpoint } from '@seller/contract/auth/confirm-email-change';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/react-query';

/** Uses the link's token: the account moves to the new address; answers that address. */
export async function confirmEmailChange(token: string): Promise<string> {
  const { email } = await apiRequest(confirmEmailChangeEndpoint, { body: { token } });
  return email;
}

export function useConfirmEmailChange(config: MutationConfig<string, string> = {}) {
  return useMutation({ ...config, mutationFn: confirmEmailChange });
}
