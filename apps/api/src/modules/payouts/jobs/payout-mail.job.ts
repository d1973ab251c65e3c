import { fallbackLanguage, languageOf } from '@seller/contract/languages';
import { payoutMethods } from '@seller/contract/payouts/payout';
import { z } from 'zod';
import { type JobDefinition, PermanentJobError } from '../../jobs/job-queue.ts';
import {
  formatWhen,
  formatWon,
  type MailRecipient,
  type MailService,
  mailRetry,
} from '../../mail/mail.service.ts';

export type FindRecipient = (sellerId: string) => Promise<MailRecipient | undefined>;

/** The payout as recorded, and the balance it left: the mail tells what was true then. */
export const payoutMailPayload = z.object({
  sellerId: z.string(),
  amount: z.number().int(),
  method: z.enum(payoutMethods),
  reference: z.string().nullable(),
  paidAt: z.iso.datetime(),
  balance: z.number().int(),
});

/** The mail of one payout: how much went where, and the balance left, in the seller's language. */
export function createPayoutMailJob(deps: {
  mail: MailService;
  findRecipient: FindRecipient;
  timeZone: string;
}): JobDefinition<typeof payoutMailPayload> {
  const { mail, timeZone } = deps;
  return {
    kind: 'payout-mail',
    payload: payoutMailPayload,
    retry: mailRetry,
    async handle(payout, _job, claim) {
      const found = await deps.findRecipient(payout.sellerId);
      if (!found) throw new PermanentJobError('the seller no longer exists');
      const language = languageOf(found.language ?? undefined) ?? fallbackLanguage;
      // A run that stalled past its lease leaves the mail to the run that took the job.
      await claim.ensure();
      await mail.send(found.email, 'payout', language, {
        amount: formatWon(payout.amount, language),
        method: payout.method,
        reference: payout.reference,
        when: formatWhen(new Date(payout.paidAt), language, timeZone),
        balance: formatWon(payout.balance, language),
        url: mail.link('/settlement'),
      });
    },
  };
}
