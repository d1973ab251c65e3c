import type { WebhookDelivery } from '@seller/contract/developer/webhook';
import { describe, expect, it } from 'vitest';
import { deliveryPollMs, maxDeliveryPollMs, nextDeliveryPoll } from './delivery-polling';

function delivery(id: string, overrides: Partial<WebhookDelivery> = {}): WebhookDelivery {
  return {
    id,
    eventId: `event-${id}`,
    event: 'webhook.test',
    status: 'pending',
    attempts: [],
    statusCode: null,
    durationMs: null,
    error: null,
    nextAttemptAt: null,
    createdAt: '2026-11-24T09:00:00.000Z',
    updatedAt: '2026-11-24T09:00:00.000Z',
    ...overrides,
  };
}

const attempt = (statusCode: number) => ({
  at: '2026-11-24T09:00:01.000Z',
  statusCode,
  durationMs: 40,
  error: statusCode === 200 ? null : `answered ${statusCode}`,
});
const sent = delivery('a', { status: 'succeeded', attempts: [attempt(200)], statusCode: 200 });
const retrying = delivery('b', {
  attempts: [attempt(500)],
  statusCode: 500,
  nextAttemptAt: '2026-11-24T09:01:00.000Z',
});

describe('reading the delivery log again', () => {
  it('stops when no delivery waits for its first attempt', () => {
    expect(nextDeliveryPoll(undefined, null, 0)).toEqual({ interval: false, streak: null });
    expect(nextDeliveryPoll([sent, retrying], null, 0)).toEqual({ interval: false, streak: null });
  });

  it('asks again soon while a new delivery waits, then gives up on it after a minute', () => {
    const log = [delivery('c'), sent];
    const first = nextDeliveryPoll(log, null, 1000);
    expect(first).toEqual({ interval: deliveryPollMs, streak: { deliveryId: 'c', since: 1000 } });
    const later = nextDeliveryPoll(log, first.streak, 1000 + maxDeliveryPollMs - 1);
    expect(later.interval).toBe(deliveryPollMs);
    const tooLate = nextDeliveryPoll(log, first.streak, 1000 + maxDeliveryPollMs);
    expect(tooLate.interval).toBe(false);
  });

  it('waits afresh for a delivery queued after the one it gave up on', () => {
    const streak = { deliveryId: 'c', since: 0 };
    const next = nextDeliveryPoll([delivery('d'), delivery('c')], streak, maxDeliveryPollMs * 2);
    expect(next).toEqual({
      interval: deliveryPollMs,
      streak: { deliveryId: 'd', since: maxDeliveryPollMs * 2 },
    });
  });
});
