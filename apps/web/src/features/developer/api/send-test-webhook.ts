import { sendTestWebhookEndpoint } from '@seller/contract/developer/send-test-webhook';
import type { WebhookDelivery } from '@seller/contract/developer/webhook';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/react-query';
import { webhookKeys } from './webhook-keys';

/** Queues a signed `webhook.test` delivery; it shows in the delivery log. */
export function sendTestWebhook(): Promise<WebhookDelivery> {
  return apiRequest(sendTestWebhookEndpoint);
}

export function useSendTestWebhook(config: MutationConfig<WebhookDelivery, void> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: sendTestWebhook,
    onSuccess: async (delivery, ...rest) => {
      await queryClient.invalidateQueries({ queryKey: webhookKeys.deliveries() });
      return config.onSuccess?.(delivery, ...rest);
    },
  });
}
