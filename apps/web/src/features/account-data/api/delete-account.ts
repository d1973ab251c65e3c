import { deleteAccountEndpoint } from '@seller/contract/auth/delete-account';
import type { BodyOf } from '@seller/contract/endpoint';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { clearSession } from '@/lib/auth-token';
import type { MutationConfig } from '@/lib/react-query';

export type DeleteAccountBody = BodyOf<typeof deleteAccountEndpoint>;

/** Deletes the account; the browser forgets the session, which no longer works anywhere. */
export async function deleteAccount(body: DeleteAccountBody): Promise<void> {
  await apiRequest(deleteAccountEndpoint, { body });
  clearSession();
}

export function useDeleteAccount(config: MutationConfig<void, DeleteAccountBody> = {}) {
  return useMutation({ ...config, mutationFn: deleteAccount });
}
