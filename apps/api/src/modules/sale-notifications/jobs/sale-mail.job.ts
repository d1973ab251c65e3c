import { z } from 'zod';
import { type JobDefinition, PermanentJobError } from '../../jobs/job-queue.ts';
import { formatWhen, formatWon, type MailService, mailRetry } from '../../mail/mail.service.ts';
import { localClock } from '../local-clock.ts';
import type { SaleNotificationRepository } from '../sale-notifications.repository.ts';
import { type FindRecipient, recipientOf } from './recipient.ts';

export const saleMailPayload = z.object({ saleId: z.string() });

/** The mail of one sale: what sold, for how much, and a link to that day's sales. */
export function createSaleMailJob(deps: {
  notifications: Pick<SaleNotificationRepository, 'saleForMail'>;
  mail: MailService;
  findRecipient: FindRecipient;
  timeZone: string;
}): JobDefinition<typeof saleMailPayload> {
  const { notifications, mail, timeZone } = deps;
  return {
    kind: 'sale-mail',
    payload: saleMailPayload,
    retry: mailRetry,
    async handle({ saleId }, _job, claim) {
      const sale = await notifications.saleForMail(saleId);
      if (!sale) throw new PermanentJobError('the sale no longer exists');
      const to = await recipientOf(deps.findRecipient, sale.sellerId);
      // A run that stalled past its lease leaves the mail to the run that took the job.
      await claim.ensure();
      await mail.send(to.email, 'sale', to.language, {
        product: sale.productTitle,
        amount: formatWon(sale.amount, to.language),
        net: formatWon(sale.netAmount, to.language),
        when: formatWhen(sale.purchasedAt, to.language, timeZone),
        url: mail.link(`/sales?day=${localClock(sale.purchasedAt, timeZone).day}`),
      });
    },
  };
}
