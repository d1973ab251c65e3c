import { createHash, randomBytes } from 'node:crypto';
import { fallbackLanguage, languageOf } from '@seller/contract/languages';
import { z } from 'zod';
import type { DataAccess } from '../../../db/client.ts';
import type { SellerRow } from '../../../db/schema.ts';
import { exponentialBackoff, type JobDefinition } from '../../jobs/job-queue.ts';
import type { MailService } from '../../mail/mail.service.ts';
import type { AccountSecurityRepository } from '../account-security.repository.ts';

/** A reset link is valid this long. */
export const resetLinkMinutes = 60;

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export const passwordResetPayload = z.object({ email: z.string() });

/** Looks the account up, makes a reset link and mails it; an unknown address gets nothing. */
export function createPasswordResetJob(deps: {
  /** Runs work in one transaction (the database handle's). */
  transaction: DataAccess['transaction'];
  sellers: {
    findByEmail(email: string): Promise<Pick<SellerRow, 'id' | 'email' | 'language'> | undefined>;
  };
  security: Pick<AccountSecurityRepository, 'replaceResetToken'>;
  mail: MailService;
  now: () => Date;
}): JobDefinition<typeof passwordResetPayload> {
  const { transaction, sellers, security, mail, now } = deps;
  return {
    kind: 'password-reset',
    payload: passwordResetPayload,
    retry: exponentialBackoff({ maxAttempts: 8, firstMs: 30_000, maxMs: 30 * 60 * 1000 }),
    async handle({ email }, _job, claim) {
      const seller = await sellers.findByEmail(email);
      if (!seller?.email) return;
      // Each attempt makes a new link (the older one ends): no link is kept in clear anywhere.
      const token = randomBytes(32).toString('base64url');
      const expiresAt = new Date(now().getTime() + resetLinkMinutes * 60_000);
      // A run that stalled past its lease neither ends the link the run that took the job
      // mailed, nor mails one more.
      await transaction(async (tx) => {
        await claim.ensure(tx);
        await security.replaceResetToken(tx, seller.id, hashToken(token), expiresAt);
      });
      const language = languageOf(seller.language ?? undefined) ?? fallbackLanguage;
      await claim.ensure();
      await mail.send(seller.email, 'passwordReset', language, {
        url: mail.link(`/reset-password?token=${token}`),
        minutes: resetLinkMinutes,
      });
    },
  };
}
