import { fallbackLanguage, languageOf } from '@seller/contract/languages';
import { z } from 'zod';
import type { Database } from '../../../db/client.ts';
import type { SellerRow } from '../../../db/schema.ts';
import type { SecretBox } from '../../../lib/secret-box.ts';
import { exponentialBackoff, type JobDefinition } from '../../jobs/job-queue.ts';
import type { MailService } from '../../mail/mail.service.ts';
import type { EmailChangeRepository } from '../email-change.repository.ts';
import { hashToken } from './password-reset.job.ts';

/** An email change link is valid this long. */
export const emailChangeLinkMinutes = 60;

export const emailChangePayload = z.object({
  sellerId: z.string(),
  newEmail: z.string(),
  /** The link's token, sealed (`SecretBox`): the database keeps only its hash in clear sight. */
  sealedToken: z.string(),
});

/**
 * Mails the confirmation link of an email change to the new address, with a notice to the
 * current one. The link was made with the request (only its hash is stored; the job carries it
 * sealed), so every attempt mails the same link: a retry after the first mail went out never
 * ends the link the seller already has. A link ended meanwhile (a newer request, a password
 * change or reset, the account's deletion) is not mailed.
 */
export function createEmailChangeJob(deps: {
  db: Database;
  sellers: { findById(id: string): Promise<Pick<SellerRow, 'email' | 'language'> | undefined> };
  emailChanges: Pick<EmailChangeRepository, 'isOpen'>;
  secrets: Pick<SecretBox, 'open'>;
  mail: MailService;
  now: () => Date;
}): JobDefinition<typeof emailChangePayload> {
  const { db, sellers, emailChanges, secrets, mail, now } = deps;
  return {
    kind: 'email-change',
    payload: emailChangePayload,
    retry: exponentialBackoff({ maxAttempts: 8, firstMs: 30_000, maxMs: 30 * 60 * 1000 }),
    async handle({ sellerId, newEmail, sealedToken }, _job, claim) {
      const seller = await sellers.findById(sellerId);
      if (!seller?.email) return;
      const token = secrets.open(sealedToken);
      if (!(await emailChanges.isOpen(db, hashToken(token), now()))) return;
      const language = languageOf(seller.language ?? undefined) ?? fallbackLanguage;
      // A run that stalled past its lease leaves the mail to the run that took the job.
      await claim.ensure();
      await mail.send(newEmail, 'emailChangeConfirm', language, {
        url: mail.link(`/confirm-email?token=${token}`),
        minutes: emailChangeLinkMinutes,
      });
      await claim.ensure();
      await mail.send(seller.email, 'emailChangeRequested', language, {
        newEmail,
        url: mail.link('/forgot-password'),
      });
    },
  };
}
