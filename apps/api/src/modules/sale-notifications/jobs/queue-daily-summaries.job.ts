import { type RecurringJobDefinition, recurringRetry, slotPayload } from '../../jobs/job-queue.ts';
import type { SaleNotificationService } from '../sale-notifications.service.ts';

export const queueDailySummariesKind = 'queue-daily-summaries';

/**
 * Queues yesterday's sale summaries, one job per seller (scheduled daily at the summary hour;
 * the service itself checks the hour and the day, so a late or repeated run queues nothing
 * twice).
 */
export function createQueueDailySummariesJob(deps: {
  saleNotifications: Pick<SaleNotificationService, 'queueDailySummaries'>;
}): RecurringJobDefinition {
  return {
    kind: queueDailySummariesKind,
    payload: slotPayload,
    retry: recurringRetry,
    async handle() {
      await deps.saleNotifications.queueDailySummaries();
    },
  };
}
