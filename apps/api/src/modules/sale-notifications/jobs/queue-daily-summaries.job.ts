import { type RecurringJobDefinition, recurringRetry, slotPayload } from '../../jobs/job-queue.ts';
import type { SaleNotificationService } from '../sale-notifications.service.ts';

export const queueDailySummariesKind = 'queue-daily-summaries';

/**
 * Queues the sale summaries of the day before the slot's day, one job per seller (scheduled
 * daily at the summary hour). A slot run late (its worker was down at 09:00, or it was
 * retried past midnight) still summarises its own day; a repeated run queues nothing twice.
 */
export function createQueueDailySummariesJob(deps: {
  saleNotifications: Pick<SaleNotificationService, 'queueDailySummaries'>;
}): RecurringJobDefinition {
  return {
    kind: queueDailySummariesKind,
    payload: slotPayload,
    retry: recurringRetry,
    async handle({ slot }) {
      await deps.saleNotifications.queueDailySummaries(slot);
    },
  };
}
