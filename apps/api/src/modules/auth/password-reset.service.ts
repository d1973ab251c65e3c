import type { DataAccess, Database } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { RateLimiter, RateLimitRule } from '../../lib/rate-limiter.ts';
import type { JobQueue } from '../jobs/job-queue.ts';
import type { MailService } from '../mail/mail.service.ts';
import type { AccountSecurityRepository } from './account-security.repository.ts';
import type { ActivityService, RequestClient } from './activity.service.ts';
import type { SellerRepository } from './auth.repository.ts';
import { isCommonPassword } from './common-passwords.ts';
import { createPasswordResetJob, hashToken } from './jobs/password-reset.job.ts';
import { hashPassword, type PasswordHashCost, passwordHashCost } from './password.ts';
import type { WaysIn } from './ways-in.ts';

const resetTokenInvalid = () =>
  new AppError('reset_token_invalid', 'This reset link is not valid any more. Ask for a new one.', [
    { path: 'token', code: 'resetTokenInvalid' },
  ]);

export interface PasswordResetThrottle {
  limiter: RateLimiter;
  /**
   * Reset requests for one email address an hour, whether or not an account has it. One client
   * address may make four times as many requests and resets, over several accounts.
   */
  perAccountPerHour: number;
}

function resetRules(perAccountPerHour: number) {
  return {
    perIp: { name: 'reset-ip', max: perAccountPerHour * 4, windowSeconds: 3600 },
    perAccount: { name: 'reset-account', max: perAccountPerHour, windowSeconds: 3600 },
  } satisfies Record<string, RateLimitRule>;
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
  /** Ends every way into the account when the password is reset. */
  waysIn: WaysIn;
  activity: Pick<ActivityService, 'record'>;
  now?: () => Date;
  /** The cost of new password hashes (the production one unless tests make it cheaper). */
  hashCost?: PasswordHashCost;
}

/**
 * Forgotten passwords. Asking for a link answers the same, in the same time, whether or not
 * the account exists: the request only queues a job, and the job looks the account up, makes
 * the link and mails it. The link is random (256 bits), kept only as a hash, good once for an
 * hour, and replaced by a newer request; using it signs every session out, ends every pending
 * email-change link and every sign-in waiting for its code, and mails a notice.
 */
export function createPasswordResetService(deps: PasswordResetDeps) {
  const { db, transaction, sellers, security, queue, mail, waysIn, activity } = deps;
  const { limiter } = deps.throttle;
  const { perIp, perAccount } = resetRules(deps.throttle.perAccountPerHour);
  const now = deps.now ?? (() => new Date());
  const hashCost = deps.hashCost ?? passwordHashCost;

  const resetJob = createPasswordResetJob({ transaction, sellers, security, mail, now });
  queue.register(resetJob);

  return {
    async requestReset(email: string, client: { ip: string }): Promise<void> {
      const account = email.trim().toLowerCase();
      await limiter.consume(perIp, client.ip);
      await limiter.consume(perAccount, account);
      await queue.enqueue(db, resetJob, { email: account });
      queue.nudge();
    },

    async resetPassword(token: string, newPassword: string, client: RequestClient) {
      await limiter.consume(perIp, client.ip);
      const at = now();
      const tokenHash = hashToken(token);
      // The link is read, the new password judged and hashed before the transaction: the hash
      // takes a tenth of a second and must never hold the link's or the account's row.
      const owner = await security.resetTokenOwner(tokenHash, at);
      if (!owner) throw resetTokenInvalid();
      const seller = await sellers.findById(owner);
      if (!seller) throw resetTokenInvalid();
      if (isCommonPassword(newPassword, [seller.email ?? '', seller.nickname ?? ''])) {
        throw new AppError('password_too_common', 'This password is too common', [
          { path: 'newPassword', code: 'passwordTooCommon' },
        ]);
      }
      const passwordHash = await hashPassword(newPassword, hashCost);
      const sellerId = await transaction(async (tx) => {
        // Used once: of two resets racing for one link, one wins.
        if ((await security.consumeResetToken(tx, tokenHash, at)) !== owner) {
          throw resetTokenInvalid();
        }
        const version = await sellers.setPasswordAndRevoke(owner, passwordHash, tx);
        // A link asked for by whoever knew the old password moves the account no more, and a
        // sign-in begun with the old password waits for its code in vain.
        await waysIn.endOthers(tx, owner);
        await activity.record(tx, owner, 'password_reset', client);
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
