import { randomBytes } from 'node:crypto';
import { fallbackLanguage, languageOf } from '@seller/contract/languages';
import { z } from 'zod';
import type { DataAccess } from '../../../db/client.ts';
import { exponentialBackoff, type JobDefinition } from '../../jobs/job-queue.ts';
import type { MailService } from '../../mail/mail.service.ts';
import type { SellerRepository } from '../auth.repository.ts';
import type { EmailChangeRepository } from '../email-change.repository.ts';
import { hashToken } from './password-reset.job.ts';

/** An email change link is valid this long. */
export const emailChangeLinkMinutes = 60;

export const emailChangePayload = z.object({ sellerId: z.string(), newEmail: z.string() });

/**
 * Makes the confirmation link of an email change and mails it to the new address, with a notice
 * to the current one. The link is made here, not in the request, so that it is never stored in
 * clear (only its hash is kept).
 */
export function createEmailChangeJob(deps: {
  /** Runs work in one transaction (the database handle's). */
  transaction: DataAccess['transaction'];
  sellers: SellerRepository;
  emailChanges: EmailChangeRepository;
  mail: MailService;
  now: () => Date;
}): JobDefinition<typeof emailChangePayload> {
  const { transaction, sellers, emailChanges, mail, now } = deps;
  return {
    kind: 'email-change',
    payload: emailChangePayload,
    retry: exponentialBackoff({ maxAttempts: 8, firstMs: 30_000, maxMs: 30 * 60 * 1000 }),
    async handle({ sellerId, newEmail }) {
      const seller = await sellers.findById(sellerId);
      if (!seller?.email) return;
      const token = randomBytes(32).toString('base64url');
      const at = now();
      const expiresAt = new Date(at.getTime() + emailChangeLinkMinutes * 60_000);
      await transaction((tx) =>
        emailChanges.replaceToken(tx, {
          sellerId,
          tokenHash: hashToken(token),
          newEmail,
          expiresAt,
          at,
        }),
      );
      const language = languageOf(seller.language ?? undefined) ?? fallbackLanguage;
      await mail.send(newEmail, 'emailChangeConfirm', language, {
        url: mail.link(`/confirm-email?token=${token}`),
        minutes: emailChangeLinkMinutes,
      });
      await mail.send(seller.email, 'emailChangeRequested', language, {
        newEmail,
        url: mail.link('/forgot-password'),
      });
    },
  };
}
