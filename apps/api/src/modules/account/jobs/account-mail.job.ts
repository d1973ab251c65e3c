import { fallbackLanguage, languageOf } from '@seller/contract/languages';
import { z } from 'zod';
import type { JobDefinition } from '../../jobs/job-queue.ts';
import { formatWhen, type MailService, mailRetry } from '../../mail/mail.service.ts';
import type { AccountRepository } from '../account.repository.ts';

export const accountMailKind = 'account-mail';

/**
 * The account's own mail. The export notice finds its recipient when it is sent; the deletion
 * notice carries the address it goes to, captured before the account erased it.
 */
export const accountMailPayload = z.discriminatedUnion('template', [
  z.object({ template: z.literal('dataExportReady'), exportId: z.string() }),
  z.object({
    template: z.literal('accountDeleted'),
    email: z.string(),
    language: z.string().nullable(),
    nickname: z.string(),
    at: z.iso.datetime(),
  }),
]);
export type AccountMailPayload = z.infer<typeof accountMailPayload>;

/** Mails that an export is ready, or that the account is deleted, in the seller's language. */
export function createAccountMailJob(deps: {
  accounts: Pick<AccountRepository, 'findExport' | 'findSeller'>;
  mail: MailService;
  timeZone: string;
}): JobDefinition<typeof accountMailPayload> {
  const { accounts, mail, timeZone } = deps;
  return {
    kind: accountMailKind,
    payload: accountMailPayload,
    retry: mailRetry,
    async handle(payload, _job, claim) {
      if (payload.template === 'accountDeleted') {
        const language = languageOf(payload.language ?? undefined) ?? fallbackLanguage;
        // A run that stalled past its lease leaves the mail to the run that took the job.
        await claim.ensure();
        await mail.send(payload.email, 'accountDeleted', language, {
          nickname: payload.nickname,
          when: formatWhen(new Date(payload.at), language, timeZone),
          url: mail.link('/privacy'),
        });
        return;
      }
      const found = await accounts.findExport(payload.exportId);
      if (found?.status !== 'ready' || !found.expiresAt) return;
      const seller = await accounts.findSeller(found.sellerId);
      // A deleted account has no address left, and its export is gone with it.
      if (!seller?.email) return;
      const language = languageOf(seller.language ?? undefined) ?? fallbackLanguage;
      // A run that stalled past its lease leaves the mail to the run that took the job.
      await claim.ensure();
      await mail.send(seller.email, 'dataExportReady', language, {
        when: formatWhen(found.requestedAt, language, timeZone),
        until: formatWhen(found.expiresAt, language, timeZone),
        url: mail.link('/settings/account'),
      });
    },
  };
}
