import { z } from 'zod';
import { type JobDefinition, PermanentJobError } from '../../jobs/job-queue.ts';
import { formatWhen, formatWon, type MailService, mailRetry } from '../../mail/mail.service.ts';
import { localClock } from '../local-clock.ts';
import type { SaleNotificationRepository } from '../sale-notifications.repository.ts';
import { type FindRecipient, recipientOf } from './recipient.ts';

/** The refund row's own id. */
export const refundMailPayload = z.object({ refundId: z.string() });

/**
 * The mail of one refund or chargeback: which sale, how much went back, what the seller loses,
 * and a link to the sales of the sale's day (where the refund is counted).
 */
export function createRefundMailJob(deps: {
  notifications: Pick<SaleNotificationRepository, 'refundForMail'>;
  mail: MailService;
  findRecipient: FindRecipient;
  timeZone: string;
}): JobDefinition<typeof refundMailPayload> {
  const { notifications, mail, timeZone } = deps;
  return {
    kind: 'refund-mail',
    payload: refundMailPayload,
    retry: mailRetry,
    async handle({ refundId }, _job, claim) {
      const refund = await notifications.refundForMail(refundId);
      if (!refund) throw new PermanentJobError('the refund no longer exists');
      const to = await recipientOf(deps.findRecipient, refund.sellerId);
      const saleDay = localClock(refund.purchasedAt, timeZone).day;
      // A run that stalled past its lease leaves the mail to the run that took the job.
      await claim.ensure();
      await mail.send(to.email, 'refund', to.language, {
        product: refund.productTitle,
        kind: refund.kind,
        amount: formatWon(refund.amount, to.language),
        net: formatWon(refund.netAmount, to.language),
        saleDay: new Intl.DateTimeFormat(to.language, {
          dateStyle: 'long',
          timeZone: 'UTC',
        }).format(new Date(`${saleDay}T12:00:00Z`)),
        when: formatWhen(refund.refundedAt, to.language, timeZone),
        url: mail.link(`/sales?day=${saleDay}`),
      });
    },
  };
}
