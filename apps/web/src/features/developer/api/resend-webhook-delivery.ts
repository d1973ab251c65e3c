import { resendWebhookDeliveryEndpoint } from '@seller/contract/developer/resend-webhook-delivery';
import type { WebhookDelivery } from '@seller/contract/developer/webhook';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/react-query';
import { webhookKeys } from './webhook-keys';

/** Queues the same event again (same body and `X-Webhook-Id`), as a new entry of the log. */
export function resendWebhookDelivery(deliveryId: string): Promise<WebhookDelivery> {
  return apiRequest(resendWebhookDeliveryEndpoint, { params: { id: deliveryId } });
}

export function useResendWebhookDelivery(config: MutationConfig<WebhookDelivery, string> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: resendWebhookDelivery,
    onSuccess: async (delivery, ...rest) => {
      await queryClient.invalidateQueries({ queryKey: webhookKeys.deliveries() });
      return config.onSuccess?.(delivery, ...rest);
    },
  });
}
