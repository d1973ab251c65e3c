import { listWebhookDeliveriesEndpoint } from '@seller/contract/developer/list-webhook-deliveries';
import type { WebhookDelivery } from '@seller/contract/developer/webhook';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useRef } from 'react';
import { apiRequest } from '@/lib/api-client';
import { nextDeliveryPoll, type PollStreak } from '../lib/delivery-polling';
import { webhookKeys } from './webhook-keys';

/** The last 100 deliveries, newest first. */
export async function fetchWebhookDeliveries(): Promise<WebhookDelivery[]> {
  const { deliveries } = await apiRequest(listWebhookDeliveriesEndpoint);
  return deliveries;
}

export function webhookDeliveriesQueryOptions() {
  return queryOptions({ queryKey: webhookKeys.deliveries(), queryFn: fetchWebhookDeliveries });
}

/**
 * The delivery log, read again every second while a delivery just queued (a test event, a
 * resend) waits for its first attempt, so that its answer shows without a reload.
 */
export function useWebhookDeliveries() {
  const streak = useRef<PollStreak | null>(null);
  return useQuery({
    ...webhookDeliveriesQueryOptions(),
    refetchInterval: (query) => {
      const next = nextDeliveryPoll(query.state.data, streak.current, Date.now());
      streak.current = next.streak;
      return next.interval;
    },
  });
}
