import { z } from 'zod';
import type { JobDefinition } from '../../jobs/job-queue.ts';
import { formatWon, type MailService, mailRetry } from '../../mail/mail.service.ts';
import type { SaleNotificationRepository } from '../sale-notifications.repository.ts';
import { type FindRecipient, recipientOf } from './recipient.ts';

export const dailySalesSummaryPayload = z.object({ sellerId: z.string(), day: z.iso.date() });

/** One seller's summary of a local day: totals and the top products; nothing on a day without sales. */
export function createDailySalesSummaryJob(deps: {
  notifications: Pick<SaleNotificationRepository, 'daySummary'>;
  mail: MailService;
  findRecipient: FindRecipient;
}): JobDefinition<typeof dailySalesSummaryPayload> {
  const { notifications, mail } = deps;
  return {
    kind: 'daily-sales-summary',
    payload: dailySalesSummaryPayload,
    retry: mailRetry,
    async handle({ sellerId, day }, _job, claim) {
      const { totals, top } = await notifications.daySummary(sellerId, day);
      if (!totals || totals.count === 0) return;
      const to = await recipientOf(deps.findRecipient, sellerId);
      const dayText = new Intl.DateTimeFormat(to.language, {
        dateStyle: 'long',
        timeZone: 'UTC',
      }).format(new Date(`${day}T12:00:00Z`));
      // A run that stalled past its lease leaves the mail to the run that took the job.
      await claim.ensure();
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
}
