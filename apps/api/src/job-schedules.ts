import type { Config } from './config.ts';
import { removeDataExportsKind } from './modules/account/jobs/remove-data-exports.job.ts';
import { purgeSessionsAndActivityKind } from './modules/auth/jobs/purge-sessions-and-activity.job.ts';
import { refreshExchangeRateKind } from './modules/exchange-rates/jobs/refresh-exchange-rate.job.ts';
import type { Schedule } from './modules/jobs/job-queue.ts';
import { purgeFinishedJobsKind } from './modules/jobs/jobs/purge-finished-jobs.job.ts';
import { queueDailySummariesKind } from './modules/sale-notifications/jobs/queue-daily-summaries.job.ts';
import { dailySummaryHour } from './modules/sale-notifications/sale-notifications.service.ts';
import { sweepUploadsKind } from './modules/uploads/jobs/sweep-uploads.job.ts';
import { trimWebhookLogsKind } from './modules/webhooks/jobs/trim-webhook-logs.job.ts';

/**
 * Every recurring job and when it runs. A copy with the job worker enqueues each slot as it
 * comes, with the slot as dedupe key, so one copy runs it; daily times are in `TIME_ZONE`.
 */
export function jobSchedules(config: Config): Schedule[] {
  return [
    // Yesterday's sale summaries at 09:00 local time.
    { kind: queueDailySummariesKind, dailyAt: { hour: dailySummaryHour, minute: 0 } },
    { kind: trimWebhookLogsKind, everyMinutes: 60 },
    { kind: purgeFinishedJobsKind, everyMinutes: 60 },
    // Sessions ended over a month ago and security events older than a year, at 04:00 local time.
    { kind: purgeSessionsAndActivityKind, dailyAt: { hour: 4, minute: 0 } },
    // Data exports are offered 24 hours: their files go within a quarter of an hour after.
    { kind: removeDataExportsKind, everyMinutes: 15 },
    ...(config.uploadSweepIntervalMinutes > 0
      ? [{ kind: sweepUploadsKind, everyMinutes: config.uploadSweepIntervalMinutes }]
      : []),
    ...(config.exchangeRateUrl
      ? [{ kind: refreshExchangeRateKind, everyMinutes: config.exchangeRateRefreshMinutes }]
      : []),
  ];
}
