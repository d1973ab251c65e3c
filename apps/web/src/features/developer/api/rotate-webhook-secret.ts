import { rotateWebhookSecretEndpoint } from '@seller/contract/developer/rotate-webhook-secret';
import type { ResponseOf } from '@seller/contract/endpoint';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/react-query';

export type RotatedSecret = ResponseOf<typeof rotateWebhookSecretEndpoint>;

/** A new signing secret, answered this once; deliveries from now on are signed with it. */
export function rotateWebhookSecret(): Promise<RotatedSecret> {
  return apiRequest(rotateWebhookSecretEndpoint);
}

export function useRotateWebhookSecret(config: MutationConfig<RotatedSecret, void> = {}) {
  return useMutation({ ...config, mutationFn: rotateWebhookSecret });
}
