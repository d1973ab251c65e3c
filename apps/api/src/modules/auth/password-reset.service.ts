import { createHash, randomBytes } from 'node:crypto';
import { fallbackLanguage, languageOf } from '@seller/contract/languages';
import { z } from 'zod';
import type { DataAccess, Database } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { RateLimiter, RateLimitRule } from '../../lib/rate-limiter.ts';
import { exponentialBackoff, type JobQueue } from '../jobs/job-queue.ts';
import type { MailService } from '../mail/mail.service.ts';
import type { AccountSecurityRepository } from './account-security.repository.ts';
import type { SellerRepository } from './auth.repository.ts';
import { isCommonPassword } from './common-passwords.ts';
import { hashPassword } from './password.ts';

/** A reset link is valid this long. */
export const resetLinkMinutes = 60;

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

const resetTokenInvalid = () =>
  new AppError('reset_token_invalid', 'This reset link is not valid any more. Ask for a new one.', [
    { path: 'token', code: 'resetTokenInvalid' },
  ]);

export interface PasswordResetThrottle {
  limiter: RateLimiter;
  /** Reset requests and resets from one client address. */
  perIp: RateLimitRule;
  /** Reset requests for one address, whether or not an account has it. */
  perAccount: RateLimitRule;
}

export interface PasswordResetDeps {
  db: Database;
  /** Runs work in one transaction (the database handle's). */
  transaction: DataAccess['transaction'];
  sellers: SellerRepository;
  security: AccountSecurityRepository;
  queue: JobQueue;
  mail: MailService;
  throttle: PasswordResetThrottle;
  now?: () => Date;
}

/**
 * Forgotten passwords. Asking for a link answers the same, in the same time, whether or not
 * the account exists: the request only queues a job, and the job looks the account up, makes
 * the link and mails it. The link is random (256 bits), kept only as a hash, good once for an
 * hour, and replaced by a newer request; using it signs every session out and mails a notice.
 */
export function createPasswordResetService(deps: PasswordResetDeps) {
  const { db, transaction, sellers, security, queue, mail, throttle } = deps;
  const now = deps.now ?? (() => new Date());

  const resetJob = {
    kind: 'password-reset',
    payload: z.object({ email: z.string() }),
    retry: exponentialBackoff({ maxAttempts: 8, firstMs: 30_000, maxMs: 30 * 60 * 1000 }),
    async handle({ email }: { email: string }) {
      const seller = await sellers.findByEmail(email);
      if (!seller) return;
      // Each attempt makes a new link (the older one ends): no link is kept in clear anywhere.
      const token = randomBytes(32).toString('base64url');
      const expiresAt = new Date(now().getTime() + resetLinkMinutes * 60_000);
      await transaction((tx) =>
        security.replaceResetToken(tx, seller.id, hashToken(token), expiresAt),
      );
      const language = languageOf(seller.language ?? undefined) ?? fallbackLanguage;
      await mail.send(seller.email, 'passwordReset', language, {
        url: mail.link(`/reset-password?token=${token}`),
        minutes: resetLinkMinutes,
      });
    },
  };
  queue.register(resetJob);

  return {
    async requestReset(email: string, client: { ip: string }): Promise<void> {
      const account = email.trim().toLowerCase();
      await throttle.limiter.consume(throttle.perIp, client.ip);
      await throttle.limiter.consume(throttle.perAccount, account);
      await queue.enqueue(db, resetJob, { email: account });
      queue.nudge();
    },

    async resetPassword(token: string, newPassword: string, client: { ip: string }) {
      await throttle.limiter.consume(throttle.perIp, client.ip);
      const at = now();
      const sellerId = await transaction(async (tx) => {
        const owner = await security.consumeResetToken(tx, hashToken(token), at);
        if (!owner) throw resetTokenInvalid();
        const seller = await sellers.findById(owner, tx);
        if (!seller) throw resetTokenInvalid();
        if (isCommonPassword(newPassword, [seller.email, seller.nickname ?? ''])) {
          throw new AppError('password_too_common', 'This password is too common', [
            { path: 'newPassword', code: 'passwordTooCommon' },
          ]);
        }
        const version = await sellers.setPasswordAndRevoke(
          owner,
          await hashPassword(newPassword),
          tx,
        );
        await security.endResetTokens(tx, owner);
        await mail.enqueue(
          tx,
          { template: 'passwordChanged', sellerId: owner, at: at.toISOString() },
          `password-changed:${owner}:${version}`,
        );
        return owner;
      });
      // The revocation is committed only now: a copy cached meanwhile must not outlive it.
      sellers.forgetTokenVersion(sellerId);
      queue.nudge();
      return sellerId;
    },
  };
}

export type PasswordResetService = ReturnType<typeof createPasswordResetService>;
