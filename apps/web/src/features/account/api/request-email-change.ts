import {
  type EmailChangeBody,
  requestEmailChangeEndpoint,
} from '@seller/contract/auth/request-email-change';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/react-query';

/** Asks for the change: a link goes to the new address, a notice to the current one. */
export async function requestEmailChange(body: EmailChangeBody): Promise<void> {
  await apiRequest(requestEmailChangeEndpoint, { body });
}

export function useRequestEmailChange(config: MutationConfig<void, EmailChangeBody> = {}) {
  return useMutation({ ...config, mutationFn: requestEmailChange });
}
