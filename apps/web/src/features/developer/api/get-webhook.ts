import { getWebhookEndpoint } from '@seller/contract/developer/get-webhook';
import type { ResponseOf } from '@seller/contract/endpoint';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { webhookKeys } from './webhook-keys';

/** Where events go and which (`url` null: no webhook); never the secret. */
export type WebhookSettings = ResponseOf<typeof getWebhookEndpoint>;

export function fetchWebhook(): Promise<WebhookSettings> {
  return apiRequest(getWebhookEndpoint);
}

export function webhookQueryOptions() {
  return queryOptions({ queryKey: webhookKeys.settings(), queryFn: fetchWebhook });
}

export function useWebhook() {
  return useQuery(webhookQueryOptions());
}
