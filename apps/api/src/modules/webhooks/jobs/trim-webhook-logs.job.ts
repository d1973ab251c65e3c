import { type RecurringJobDefinition, recurringRetry, slotPayload } from '../../jobs/job-queue.ts';
import type { WebhookService } from '../webhooks.service.ts';

export const trimWebhookLogsKind = 'trim-webhook-logs';

/** Keeps each seller's delivery log to its latest entries. */
export function createTrimWebhookLogsJob(deps: {
  webhooks: Pick<WebhookService, 'trimLogs'>;
}): RecurringJobDefinition {
  return {
    kind: trimWebhookLogsKind,
    payload: slotPayload,
    retry: recurringRetry,
    async handle() {
      await deps.webhooks.trimLogs();
    },
  };
}
