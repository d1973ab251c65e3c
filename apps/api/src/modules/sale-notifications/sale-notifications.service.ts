import type { SaleNotifications } from '@seller/contract/auth/sale-notifications';
import { saleNotificationChoices } from '@seller/contract/auth/sale-notifications';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { JobQueue } from '../jobs/job-queue.ts';
import type { MailRecipient, MailService } from '../mail/mail.service.ts';
import type { SaleListener } from '../purchases/purchases.service.ts';
import type { RefundListener } from '../refunds/refunds.service.ts';
import { createDailySalesSummaryJob } from './jobs/daily-sales-summary.job.ts';
import { createRefundMailJob } from './jobs/refund-mail.job.ts';
import { createSaleMailJob } from './jobs/sale-mail.job.ts';
import { dayBefore, localClock } from './local-clock.ts';
import type { SaleNotificationRepository } from './sale-notifications.repository.ts';

/** The local hour at which the summary of the day before is sent. */
export const dailySummaryHour = 9;

const isChoice = (value: string | undefined): value is SaleNotifications =>
  (saleNotificationChoices as readonly string[]).includes(value ?? '');

/**
 * Mail about sales, as each seller chose: one per sale and one per refund (queued in the sale's
 * or refund's own transaction),
 * or a summary of the day before at 09:00 in the server's time zone, skipped on days without
 * sales; or none. Amounts are written as the sales screens write them.
 */
export function createSaleNotificationService(deps: {
  notifications: SaleNotificationRepository;
  queue: JobQueue;
  mail: MailService;
  findRecipient(sellerId: string): Promise<MailRecipient | undefined>;
  timeZone: string;
  db: Database;
  now?: () => Date;
}) {
  const { notifications, queue, mail, timeZone, db } = deps;
  const now = deps.now ?? (() => new Date());

  const saleMailJob = createSaleMailJob({
    notifications,
    mail,
    findRecipient: deps.findRecipient,
    timeZone,
  });
  const summaryJob = createDailySalesSummaryJob({
    notifications,
    mail,
    findRecipient: deps.findRecipient,
  });
  const refundMailJob = createRefundMailJob({
    notifications,
    mail,
    findRecipient: deps.findRecipient,
    timeZone,
  });
  queue.register(saleMailJob);
  queue.register(refundMailJob);
  queue.register(summaryJob);

  /** The last local day whose 09:00 summaries this copy queued (each day is queued once). */
  let summarisedDay: string | undefined;

  return {
    async get(sellerId: string): Promise<{ saleNotifications: SaleNotifications }> {
      const value = await notifications.setting(sellerId);
      if (value === undefined) throw new AppError('unauthorized', 'Sign in to continue');
      return { saleNotifications: isChoice(value) ? value : 'daily' };
    },

    async set(sellerId: string, choice: SaleNotifications) {
      await notifications.setSetting(sellerId, choice);
      return { saleNotifications: choice };
    },

    /** The sale mail, queued in the transaction that records the sale, for each sale. */
    saleListener: {
      audience: { kind: 'saleNotifications', choice: 'each' },
      afterSale: (tx, sale) =>
        queue.enqueue(tx, saleMailJob, { saleId: sale.id }, { dedupeKey: `sale-mail:${sale.id}` }),
      afterCommit: () => queue.nudge(),
    } satisfies SaleListener,

    /**
     * In the transaction that records a refund or chargeback: its mail, for a seller who wants
     * one per sale (`each` mails refunds too).
     */
    refundListener: {
      audience: { kind: 'saleNotifications', choice: 'each' },
      afterRefund: (tx, event) =>
        queue.enqueue(
          tx,
          refundMailJob,
          { refundId: event.id },
          { dedupeKey: `refund-mail:${event.id}` },
        ),
      afterCommit: () => queue.nudge(),
    } satisfies RefundListener,

    /**
     * Queues the summaries of the day before `slot` (a local day whose 09:00 has come: the
     * daily schedule's slot), however late its job runs; without a slot, yesterday's once the
     * local clock has passed 09:00. Every copy may call it: each summary is one job per seller
     * and day.
     */
    async queueDailySummaries(slot?: string): Promise<number> {
      let summaryDay: string;
      if (slot === undefined) {
        const { day: today, hour } = localClock(now(), timeZone);
        if (hour < dailySummaryHour) return 0;
        summaryDay = today;
      } else {
        summaryDay = slot;
      }
      if (summarisedDay === summaryDay) return 0;
      const day = dayBefore(summaryDay);
      let queued = 0;
      for (const sellerId of await notifications.sellersToSummarise(day)) {
        const added = await queue.enqueue(
          db,
          summaryJob,
          { sellerId, day },
          { dedupeKey: `daily-summary:${sellerId}:${day}` },
        );
        if (added) queued += 1;
      }
      summarisedDay = summaryDay;
      if (queued > 0) queue.nudge();
      return queued;
    },
  };
}

export type SaleNotificationService = ReturnType<typeof createSaleNotificationService>;
