import type { WebhookDelivery } from '@seller/contract/developer/webhook';

/** How often the log is read again while a delivery waits for its first attempt. */
export const deliveryPollMs = 1000;
/** How long the log waits for one delivery's first attempt before it stops asking. */
export const maxDeliveryPollMs = 60_000;

/** The delivery the log is waiting for, and since when (this browser's clock). */
export interface PollStreak {
  deliveryId: string;
  since: number;
}

/** The newest delivery not attempted yet: a test event or a resend that was just queued. */
export function awaitingDelivery(
  deliveries: readonly WebhookDelivery[] | undefined,
): WebhookDelivery | undefined {
  return deliveries?.find(
    (delivery) => delivery.status === 'pending' && delivery.attempts.length === 0,
  );
}

/**
 * Whether to read the log again soon: while a delivery waits for its first attempt, for at
 * most `maxDeliveryPollMs` per delivery (a stopped queue does not keep the page asking). Later
 * retries come minutes apart and are not waited for. Answers the interval and the streak to
 * keep for the next decision.
 */
export function nextDeliveryPoll(
  deliveries: readonly WebhookDelivery[] | undefined,
  streak: PollStreak | null,
  now: number,
): { interval: number | false; streak: PollStreak | null } {
  const waiting = awaitingDelivery(deliveries);
  if (!waiting) return { interval: false, streak: null };
  const current =
    streak?.deliveryId === waiting.id ? streak : { deliveryId: waiting.id, since: now };
  const interval = now - current.since < maxDeliveryPollMs ? deliveryPollMs : false;
  return { interval, streak: current };
}
