import { deleteWebhookEndpoint } from '@seller/contract/developer/delete-webhook';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/react-query';
import type { WebhookSettings } from './get-webhook';
import { webhookKeys } from './webhook-keys';

/** No more deliveries; those waiting for a retry are given up. */
export function deleteWebhook(): Promise<void> {
  return apiRequest(deleteWebhookEndpoint);
}

export function useDeleteWebhook(config: MutationConfig<void, void> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: deleteWebhook,
    onSuccess: async (result, ...rest) => {
      queryClient.setQueryData<WebhookSettings>(webhookKeys.settings(), { url: null, events: [] });
      await queryClient.invalidateQueries({ queryKey: webhookKeys.deliveries() });
      return config.onSuccess?.(result, ...rest);
    },
  });
}
