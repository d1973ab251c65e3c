import { type PutWebhookBody, putWebhookEndpoint } from '@seller/contract/developer/set-webhook';
import type { ResponseOf } from '@seller/contract/endpoint';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/react-query';
import type { WebhookSettings } from './get-webhook';
import { webhookKeys } from './webhook-keys';

/** The saved webhook; `secret` only on the first save. */
export type SavedWebhook = ResponseOf<typeof putWebhookEndpoint>;

export function saveWebhook(body: PutWebhookBody): Promise<SavedWebhook> {
  return apiRequest(putWebhookEndpoint, { body });
}

export function useSetWebhook(config: MutationConfig<SavedWebhook, PutWebhookBody> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: saveWebhook,
    onSuccess: (saved, ...rest) => {
      // The secret is shown once by the caller, never kept in the cache.
      queryClient.setQueryData<WebhookSettings>(webhookKeys.settings(), {
        url: saved.url,
        events: saved.events,
      });
      return config.onSuccess?.(saved, ...rest);
    },
  });
}
