import type { EmailChangeBody } from '@seller/contract/auth/request-email-change';
import type { DataAccess } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { uniqueViolation } from '../../lib/database-errors.ts';
import type { JobQueue } from '../jobs/job-queue.ts';
import type { MailService } from '../mail/mail.service.ts';
import type { ActivityService, RequestClient } from './activity.service.ts';
import type { SellerRepository } from './auth.repository.ts';
import type { EmailChangeRepository } from './email-change.repository.ts';
import { createEmailChangeJob } from './jobs/email-change.job.ts';
import { hashToken } from './jobs/password-reset.job.ts';
import { verifyPassword } from './password.ts';
import type { TwoFactorService } from './two-factor.service.ts';
import { isTwoFactorOn } from './two-factor-state.ts';

const emailTaken = () => new AppError('email_taken', 'This email is already registered');

const tokenInvalid = () =>
  new AppError(
    'email_change_token_invalid',
    'This confirmation link is not valid any more. Ask for the change again.',
    [{ path: 'token', code: 'emailChangeTokenInvalid' }],
  );

/**
 * Moving an account to another address. The request proves it is the owner (password, and the
 * second factor when it is on) and queues a job that mails a one-hour, single-use link to the
 * new address and a notice to the current one; the address changes only when the link is
 * opened, and signs no one out.
 */
export function createEmailChangeService(deps: {
  /** Runs work in one transaction (the database handle's). */
  transaction: DataAccess['transaction'];
  sellers: SellerRepository;
  emailChanges: EmailChangeRepository;
  twoFactor: Pick<TwoFactorService, 'acceptCode'>;
  activity: Pick<ActivityService, 'record'>;
  queue: JobQueue;
  mail: MailService;
  now?: () => Date;
}) {
  const { transaction, sellers, emailChanges, twoFactor, activity, queue, mail } = deps;
  const now = deps.now ?? (() => new Date());
  const job = createEmailChangeJob({ transaction, sellers, emailChanges, mail, now });
  queue.register(job);

  return {
    async request(sellerId: string, body: EmailChangeBody): Promise<void> {
      const seller = await sellers.findById(sellerId);
      if (!seller?.email) throw new AppError('unauthorized', 'Sign in to continue');
      if (!(await verifyPassword(body.password, seller.passwordHash))) {
        throw new AppError('wrong_password', 'The password is not correct', [
          { path: 'password', code: 'wrongPassword' },
        ]);
      }
      const newEmail = body.newEmail.toLowerCase();
      const owner = await sellers.findByEmail(newEmail);
      // The seller's own address counts as taken: there is nothing to change.
      if (owner) throw emailTaken();
      await transaction(async (tx) => {
        if (isTwoFactorOn(seller)) {
          if (!body.code) {
            throw new AppError('two_factor_code_invalid', 'A code is required', [
              { path: 'code', code: 'twoFactorCodeRequired' },
            ]);
          }
          await twoFactor.acceptCode(tx, seller, body.code);
        }
        await queue.enqueue(tx, job, { sellerId, newEmail });
      });
      queue.nudge();
    },

    /** Uses a link: the account takes its address. Answers the new address. */
    async confirm(token: string, client: RequestClient): Promise<{ email: string }> {
      const at = now();
      try {
        return await transaction(async (tx) => {
          const link = await emailChanges.consumeToken(tx, hashToken(token), at);
          if (!link) throw tokenInvalid();
          if (!(await emailChanges.setEmail(tx, link.sellerId, link.newEmail, at))) {
            throw tokenInvalid();
          }
          await activity.record(tx, link.sellerId, 'email_changed', client);
          return { email: link.newEmail };
        });
      } catch (error) {
        // Taken by a signup since the link was sent: the link stays unused, the answer says why.
        if (uniqueViolation(error)) throw emailTaken();
        throw error;
      }
    },
  };
}

export type EmailChangeService = ReturnType<typeof createEmailChangeService>;
