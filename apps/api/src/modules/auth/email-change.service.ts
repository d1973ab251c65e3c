import { randomBytes } from 'node:crypto';
import type { EmailChangeBody } from '@seller/contract/auth/request-email-change';
import type { DataAccess, Database } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { uniqueViolation } from '../../lib/database-errors.ts';
import type { SecretBox } from '../../lib/secret-box.ts';
import type { JobQueue } from '../jobs/job-queue.ts';
import type { MailService } from '../mail/mail.service.ts';
import type { ActivityService, RequestClient } from './activity.service.ts';
import type { SellerRepository } from './auth.repository.ts';
import type { EmailChangeRepository } from './email-change.repository.ts';
import { createEmailChangeJob, emailChangeLinkMinutes } from './jobs/email-change.job.ts';
import { hashToken } from './jobs/password-reset.job.ts';
import type { PasswordCheckService } from './password-check.service.ts';
import type { TwoFactorService } from './two-factor.service.ts';
import type { WaysIn } from './ways-in.ts';

const emailTaken = () => new AppError('email_taken', 'This email is already registered');

const tokenInvalid = () =>
  new AppError(
    'email_change_token_invalid',
    'This confirmation link is not valid any more. Ask for the change again.',
    [{ path: 'token', code: 'emailChangeTokenInvalid' }],
  );

/**
 * Moving an account to another address. The request proves it is the owner (password, and the
 * second factor when it is on), makes a one-hour, single-use link and queues a job that mails
 * it to the new address with a notice to the current one; the address changes only when the
 * link is opened. Whoever holds the account then is whoever reads the new address: every
 * session ends (the link is opened without one), and so do the reset links and the sign-ins
 * waiting for a code. A password changed or reset meanwhile ends the link.
 */
export function createEmailChangeService(deps: {
  db: Database;
  /** Runs work in one transaction (the database handle's). */
  transaction: DataAccess['transaction'];
  sellers: SellerRepository;
  emailChanges: EmailChangeRepository;
  /**
   * Once the account has moved: signs every session out, ends the reset links mailed to the old
   * address and the sign-ins waiting for a code.
   */
  waysIn: WaysIn;
  passwordCheck: Pick<PasswordCheckService, 'check'>;
  twoFactor: Pick<TwoFactorService, 'acceptSecondFactor' | 'checkingCode'>;
  activity: Pick<ActivityService, 'record'>;
  /** Seals the link's token in the job that mails it. */
  secrets: SecretBox;
  queue: JobQueue;
  mail: MailService;
  now?: () => Date;
}) {
  const { db, transaction, sellers, emailChanges, passwordCheck, twoFactor } = deps;
  const { activity, secrets, queue, mail, waysIn } = deps;
  const now = deps.now ?? (() => new Date());
  const job = createEmailChangeJob({ db, sellers, emailChanges, secrets, mail, now });
  queue.register(job);

  return {
    async request(sellerId: string, body: EmailChangeBody, client: RequestClient): Promise<void> {
      const seller = await sellers.findById(sellerId);
      if (!seller?.email) throw new AppError('unauthorized', 'Sign in to continue');
      await passwordCheck.check(seller, body.password, client);
      const newEmail = body.newEmail.toLowerCase();
      const owner = await sellers.findByEmail(newEmail);
      // The seller's own address counts as taken: there is nothing to change.
      if (owner) throw emailTaken();
      const token = randomBytes(32).toString('base64url');
      await twoFactor.checkingCode(seller, client, () =>
        transaction(async (tx) => {
          await twoFactor.acceptSecondFactor(tx, seller, body.code);
          const at = now();
          // Only the newest link works: this one ends any older one.
          await emailChanges.replaceToken(tx, {
            sellerId,
            tokenHash: hashToken(token),
            newEmail,
            expiresAt: new Date(at.getTime() + emailChangeLinkMinutes * 60_000),
            at,
          });
          await activity.record(tx, sellerId, 'email_change_requested', client);
          await queue.enqueue(tx, job, { sellerId, newEmail, sealedToken: secrets.seal(token) });
        }),
      );
      queue.nudge();
    },

    /**
     * Uses a link: the account takes its address, and every session is signed out (the link is
     * opened without one: the seller signs in again with the new address). Answers it.
     */
    async confirm(token: string, client: RequestClient): Promise<{ email: string }> {
      const at = now();
      let moved: { sellerId: string; email: string };
      try {
        moved = await transaction(async (tx) => {
          const link = await emailChanges.consumeToken(tx, hashToken(token), at);
          if (!link) throw tokenInvalid();
          if (!(await emailChanges.setEmail(tx, link.sellerId, link.newEmail, at))) {
            throw tokenInvalid();
          }
          // A reset link went to the address the account just left: it resets nothing now.
          await sellers.revokeTokens(link.sellerId, tx);
          await waysIn.endOthers(tx, link.sellerId);
          await activity.record(tx, link.sellerId, 'email_changed', client);
          return { sellerId: link.sellerId, email: link.newEmail };
        });
      } catch (error) {
        // Taken by a signup since the link was sent: the link stays unused, the answer says why.
        if (uniqueViolation(error)) throw emailTaken();
        throw error;
      }
      // The revocation is committed only now: a copy cached meanwhile must not outlive it.
      sellers.forgetTokenVersion(moved.sellerId);
      return { email: moved.email };
    },
  };
}

export type EmailChangeService = ReturnType<typeof createEmailChangeService>;
