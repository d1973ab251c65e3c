import { randomUUID } from 'node:crypto';
import type { DatabaseHandle } from '../db/client.ts';
import { createAccountMailJob } from '../modules/account/jobs/account-mail.job.ts';
import { createEmailChangeJob } from '../modules/auth/jobs/email-change.job.ts';
import { createPasswordResetJob } from '../modules/auth/jobs/password-reset.job.ts';
import type { JobClaim } from '../modules/jobs/job-queue.ts';
import { createMailJob } from '../modules/mail/jobs/mail.job.ts';
import type { MailService } from '../modules/mail/mail.service.ts';
import type { MailTransport } from '../modules/mail/mail-transport.ts';
import { createPayoutMailJob } from '../modules/payouts/jobs/payout-mail.job.ts';
import { createDailySalesSummaryJob } from '../modules/sale-notifications/jobs/daily-sales-summary.job.ts';
import { createRefundMailJob } from '../modules/sale-notifications/jobs/refund-mail.job.ts';
import { createSaleMailJob } from '../modules/sale-notifications/jobs/sale-mail.job.ts';
import { runWith } from './job-claims.ts';

/** One job that mails a seller, run with the mail service, transport and claim given. */
export interface MailJobCase {
  name: (typeof mailJobNames)[number];
  run(mail: MailService, transport: MailTransport, claim: JobClaim): Promise<void>;
}

export const mailJobNames = [
  'sale mail',
  'refund mail',
  'daily sales summary',
  'payout mail',
  'security notice',
  'password reset link',
  'email change link',
  'account deletion notice',
] as const;

/**
 * Every job that mails a seller, as its module makes it, with what one run of it reads
 * (a seller who wants the mail, a sale, a refund…). Password reset links made are counted in
 * `linksReplaced`; the transactions go to `database`.
 */
export function mailJobCases(
  database: DatabaseHandle,
  linksReplaced: { count: number },
): MailJobCase[] {
  const timeZone = 'Asia/Seoul';
  const at = new Date().toISOString();
  const seller = { id: randomUUID(), email: 'seller@example.com', language: 'en' };
  const findRecipient = async () => ({ email: seller.email, language: seller.language });
  return [
    {
      name: 'sale mail',
      run: (mail, _transport, claim) =>
        runWith(
          createSaleMailJob({
            notifications: {
              saleForMail: async () => ({
                sellerId: seller.id,
                productTitle: 'Pottery basics',
                amount: 10_000,
                netAmount: 9_000,
                purchasedAt: new Date(),
              }),
            },
            mail,
            findRecipient,
            timeZone,
          }),
          { saleId: randomUUID() },
          claim,
        ),
    },
    {
      name: 'refund mail',
      run: (mail, _transport, claim) =>
        runWith(
          createRefundMailJob({
            notifications: {
              refundForMail: async () => ({
                sellerId: seller.id,
                productTitle: 'Pottery basics',
                kind: 'refund',
                amount: 10_000,
                netAmount: 9_000,
                refundedAt: new Date(),
                purchasedAt: new Date(),
              }),
            },
            mail,
            findRecipient,
            timeZone,
          }),
          { refundId: randomUUID() },
          claim,
        ),
    },
    {
      name: 'daily sales summary',
      run: (mail, _transport, claim) =>
        runWith(
          createDailySalesSummaryJob({
            notifications: {
              daySummary: async () => ({
                totals: { count: 1, amount: 10_000, net: 9_000 },
                top: [{ title: 'Pottery basics', count: 1, amount: 10_000 }],
              }),
            },
            mail,
            findRecipient,
          }),
          { sellerId: seller.id, day: at.slice(0, 10) },
          claim,
        ),
    },
    {
      name: 'payout mail',
      run: (mail, _transport, claim) =>
        runWith(
          createPayoutMailJob({ mail, findRecipient, timeZone }),
          {
            sellerId: seller.id,
            amount: 50_000,
            method: 'bank',
            reference: null,
            paidAt: at,
            balance: 0,
          },
          claim,
        ),
    },
    {
      name: 'security notice',
      run: (mail, transport, claim) =>
        runWith(
          createMailJob({ transport, findRecipient, link: mail.link, timeZone }),
          { template: 'passwordChanged', sellerId: seller.id, at },
          claim,
        ),
    },
    {
      name: 'password reset link',
      run: (mail, _transport, claim) =>
        runWith(
          createPasswordResetJob({
            transaction: (work) => database.transaction(work),
            sellers: { findByEmail: async () => seller },
            security: {
              async replaceResetToken() {
                linksReplaced.count += 1;
              },
            },
            mail,
            now: () => new Date(),
          }),
          { email: seller.email },
          claim,
        ),
    },
    {
      name: 'email change link',
      run: (mail, _transport, claim) =>
        runWith(
          createEmailChangeJob({
            db: database.db,
            sellers: { findById: async () => seller },
            emailChanges: { isOpen: async () => true },
            secrets: { open: (sealed) => sealed },
            mail,
            now: () => new Date(),
          }),
          { sellerId: seller.id, newEmail: 'new@example.com', sealedToken: 'token' },
          claim,
        ),
    },
    {
      name: 'account deletion notice',
      run: (mail, _transport, claim) =>
        runWith(
          createAccountMailJob({
            accounts: { findExport: async () => undefined, findSeller: async () => undefined },
            mail,
            timeZone,
          }),
          {
            template: 'accountDeleted',
            email: seller.email,
            language: 'en',
            nickname: 'Potter',
            at,
          },
          claim,
        ),
    },
  ];
}
