import type { SaleNotifications } from '@seller/contract/auth/sale-notifications';
import { saleNotificationChoices } from '@seller/contract/auth/sale-notifications';
import { fallbackLanguage, languageOf } from '@seller/contract/languages';
import { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { type JobQueue, PermanentJobError } from '../jobs/job-queue.ts';
import {
  formatWhen,
  formatWon,
  type MailRecipient,
  type MailService,
  mailRetry,
} from '../mail/mail.service.ts';
import type { SaleListener } from '../purchases/purchases.service.ts';
import type { SaleNotificationRepository } from './sale-notifications.repository.ts';

/** The local hour at which the summary of the day before is sent. */
export const dailySummaryHour = 9;

const isChoice = (value: string | undefined): value is SaleNotifications =>
  (saleNotificationChoices as readonly string[]).includes(value ?? '');

/** `YYYY-MM-DD` and the hour of an instant in a time zone. */
function localClock(at: Date, timeZone: string): { day: string; hour: number } {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(at);
  const part = (type: string) => parts.find((entry) => entry.type === type)?.value ?? '';
  return { day: `${part('year')}-${part('month')}-${part('day')}`, hour: Number(part('hour')) };
}

/** The local day before `day` (`YYYY-MM-DD`). */
export function dayBefore(day: string): string {
  const date = new Date(`${day}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() - 1);
  return date.toISOString().slice(0, 10);
}

/**
 * Mail about sales, as each seller chose: one per sale (queued in the sale's own transaction),
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

  async function recipient(sellerId: string) {
    const found = await deps.findRecipient(sellerId);
    if (!found) throw new PermanentJobError('the seller no longer exists');
    return {
      email: found.email,
      language: languageOf(found.language ?? undefined) ?? fallbackLanguage,
    };
  }

  const saleMailJob = {
    kind: 'sale-mail',
    payload: z.object({ saleId: z.string() }),
    retry: mailRetry,
    async handle({ saleId }: { saleId: string }) {
      const sale = await notifications.saleForMail(saleId);
      if (!sale) throw new PermanentJobError('the sale no longer exists');
      const to = await recipient(sale.sellerId);
      await mail.send(to.email, 'sale', to.language, {
        product: sale.productTitle,
        amount: formatWon(sale.amount, to.language),
        net: formatWon(sale.netAmount, to.language),
        when: formatWhen(sale.purchasedAt, to.language, timeZone),
        url: mail.link(`/sales?day=${localClock(sale.purchasedAt, timeZone).day}`),
      });
    },
  };

  const summaryJob = {
    kind: 'daily-sales-summary',
    payload: z.object({ sellerId: z.string(), day: z.iso.date() }),
    retry: mailRetry,
    async handle({ sellerId, day }: { sellerId: string; day: string }) {
      const { totals, top } = await notifications.daySummary(sellerId, day);
      if (!totals || totals.count === 0) return;
      const to = await recipient(sellerId);
      const dayText = new Intl.DateTimeFormat(to.language, {
        dateStyle: 'long',
        timeZone: 'UTC',
      }).format(new Date(`${day}T12:00:00Z`));
      await mail.send(to.email, 'dailySummary', to.language, {
        day: dayText,
        count: totals.count,
        amount: formatWon(totals.amount, to.language),
        net: formatWon(totals.net, to.language),
        top: top.map((item) => ({
          title: item.title,
          count: item.count,
          amount: formatWon(item.amount, to.language),
        })),
        url: mail.link(`/sales?day=${day}`),
      });
    },
  };
  queue.register(saleMailJob);
  queue.register(summaryJob);

  /** The last local day whose summaries this copy queued (each day is queued once). */
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
     * Queues yesterday's summaries once the local clock has passed 09:00 (called every few
     * minutes; every copy may call it: each summary is one job per seller and day).
     */
    async queueDailySummaries(): Promise<number> {
      const { day: today, hour } = localClock(now(), timeZone);
      if (hour < dailySummaryHour || summarisedDay === today) return 0;
      const day = dayBefore(today);
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
      summarisedDay = today;
      if (queued > 0) queue.nudge();
      return queued;
    },
  };
}

export type SaleNotificationService = ReturnType<typeof createSaleNotificationService>;
