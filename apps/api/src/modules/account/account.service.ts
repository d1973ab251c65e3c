import type { DataExport, DataExportResponse } from '@seller/contract/auth/data-export';
import type { DeleteAccountBody } from '@seller/contract/auth/delete-account';
import type { Profile } from '@seller/contract/auth/get-profile';
import type { SettlementInfo } from '@seller/contract/settlement/get-settlement-info';
import type { Database } from '../../db/client.ts';
import type { DataExportRow, SellerRow } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Storage } from '../../storage/storage.ts';
import type { ActivityService, RequestClient } from '../auth/activity.service.ts';
import type { SessionService } from '../auth/sessions.service.ts';
import type { TwoFactorService } from '../auth/two-factor.service.ts';
import { ClaimLostError, type JobClaim, type JobQueue } from '../jobs/job-queue.ts';
import type { MailService } from '../mail/mail.service.ts';
import type { SettlementService } from '../settlement/settlement.service.ts';
import type { WebhookService } from '../webhooks/webhooks.service.ts';
import type { AccountRepository } from './account.repository.ts';
import {
  activityCsv,
  payoutsCsv,
  productsJson,
  profileJson,
  refundsCsv,
  settlementJson,
  zipFiles,
} from './data-export-files.ts';
import { createAccountMailJob } from './jobs/account-mail.job.ts';
import { createBuildDataExportJob } from './jobs/build-data-export.job.ts';
import { createRemoveAccountFilesJob } from './jobs/remove-account-files.job.ts';

/** How long a built export is offered before its file is removed. */
export const exportKeptHours = 24;
/** How long one download link of a ready export works; reading the export gives a fresh one. */
export const exportLinkSeconds = 5 * 60;

const sellerGone = () => new AppError('unauthorized', 'Sign in to continue');

export interface AccountDeps {
  accounts: AccountRepository;
  storage: Pick<Storage, 'put' | 'presignGet' | 'delete' | 'publicUrl'>;
  queue: JobQueue;
  mail: MailService;
  /** Writes the export's request to the activity, and erases the activity at deletion. */
  activity: Pick<ActivityService, 'exportRequested' | 'removeAll'>;
  /** Ends the account's sessions at deletion. */
  sessions: Pick<SessionService, 'removeAll'>;
  /** Ends the second factor at deletion: secret, recovery codes, pending sign-ins. */
  twoFactor: Pick<TwoFactorService, 'removeAll'>;
  /** Deletes the webhook and its delivery log at deletion. */
  webhooks: Pick<WebhookService, 'removeAll'>;
  /** Erases the payout details at deletion. */
  payoutDetails: Pick<SettlementService, 'removeAll'>;
  /**
   * Checks the password before any transaction (throttled like sign-in, a wrong one written to
   * the activity); answers the row it was checked on (the password-check service).
   */
  confirmPassword(sellerId: string, password: string, client: RequestClient): Promise<SellerRow>;
  /** A current code when two factors are on, used up in `executor`'s transaction. */
  acceptSecondFactor(
    executor: Database,
    seller: SellerRow,
    code: string | undefined,
  ): Promise<void>;
  /**
   * Runs the transaction that checks the code: the attempt is throttled, and a wrong code is
   * written to the activity once the transaction has rolled back (the two-factor service).
   */
  checkingCode<T>(seller: SellerRow, client: RequestClient, work: () => Promise<T>): Promise<T>;
  /** The profile as the API shows it (the auth service). */
  profile(sellerId: string): Promise<Profile>;
  /** The payout details as the API shows them (the settlement service). */
  settlement(sellerId: string): Promise<SettlementInfo>;
  /** Every sale as the sales CSV export writes it (the sales service). */
  salesCsv(sellerId: string): Promise<AsyncIterable<string>>;
  /** The ledger CSV of all time, oldest first (the payouts module's one ledger writer). */
  ledgerCsv(sellerId: string): AsyncIterable<string>;
  /** Drops a cached token version after the transaction that bumped it commits. */
  forgetTokenVersion(sellerId: string): void;
  timeZone: string;
  now?: () => Date;
}

async function text(lines: AsyncIterable<string>): Promise<string> {
  let all = '';
  for await (const chunk of lines) all += chunk;
  return all;
}

/**
 * The seller's own data: a copy of all of it on request (a ZIP file built by a job, kept a
 * day), and the deletion of the account, which erases what is personal and keeps the trade
 * records (docs/product-rules.md, "Account data").
 */
export function createAccountService(deps: AccountDeps) {
  const { accounts, storage, queue, mail, activity, sessions, timeZone } = deps;
  const now = deps.now ?? (() => new Date());

  const mailJob = createAccountMailJob({ accounts, mail, timeZone });
  queue.register(mailJob);
  const removeFilesJob = createRemoveAccountFilesJob({ storage });
  queue.register(removeFilesJob);

  /**
   * Builds the export as one attempt of its job. Each attempt writes a file of its own, named
   * on the export before it is written, and makes the export ready only while it still holds
   * its claim: a run that stalled and lost its job to another worker never replaces nor
   * deletes the file the other offered, and mails nothing.
   */
  async function buildExport(
    exportId: string,
    run: { attempt: number; claim: JobClaim },
  ): Promise<void> {
    const found = await accounts.findExport(exportId);
    if (found?.status !== 'pending') return;
    const sellerId = found.sellerId;
    const seller = await accounts.findSeller(sellerId);
    if (!seller || seller.deletedAt) return;
    const [profile, settlement, products, sales, refunds, payouts, ledger, activity] =
      await Promise.all([
        deps.profile(sellerId),
        deps.settlement(sellerId),
        accounts.productsOf(sellerId),
        deps.salesCsv(sellerId).then(text),
        accounts.refundsOf(sellerId),
        accounts.payoutsOf(sellerId),
        text(deps.ledgerCsv(sellerId)),
        accounts.activityOf(sellerId),
      ]);
    const archive = zipFiles({
      'profile.json': profileJson(seller, profile),
      'settlement.json': settlementJson(settlement),
      'products.json': productsJson(products, (key) => storage.publicUrl(key)),
      'sales.csv': sales,
      'refunds.csv': refundsCsv(refunds, timeZone),
      'payouts.csv': payoutsCsv(payouts, timeZone),
      'ledger.csv': ledger,
      'activity.csv': activityCsv(activity, timeZone),
    });
    const storageKey = `sellers/${sellerId}/exports/${exportId}-${run.attempt}.zip`;
    const recorded = await accounts.transaction(async (tx) => {
      await run.claim.ensure(tx);
      return accounts.recordExportFile(tx, exportId, storageKey);
    });
    // The account went (or the export failed) meanwhile.
    if (!recorded) return;
    // What an earlier attempt wrote before its worker died; never offered.
    if (recorded.replaced && recorded.replaced !== storageKey) {
      await storage.delete(recorded.replaced);
    }
    await run.claim.ensure();
    await storage.put(storageKey, archive, { contentType: 'application/zip' });
    const readyAt = now();
    const expiresAt = new Date(readyAt.getTime() + exportKeptHours * 3600_000);
    let ready: boolean;
    try {
      ready = await accounts.transaction(async (tx) => {
        await run.claim.ensure(tx);
        if (!(await accounts.markExportReady(tx, exportId, { storageKey, readyAt, expiresAt }))) {
          return false;
        }
        await queue.enqueue(
          tx,
          mailJob,
          { template: 'dataExportReady', exportId },
          { dedupeKey: `data-export-ready:${exportId}` },
        );
        return true;
      });
    } catch (error) {
      // Another run holds the job now: this run's file was never offered.
      if (error instanceof ClaimLostError) await storage.delete(storageKey);
      throw error;
    }
    // The account went while the file was written: nobody may have it.
    if (!ready) await storage.delete(storageKey);
    queue.nudge();
  }

  const buildJob = createBuildDataExportJob({
    build: buildExport,
    fail: (executor, exportId, error) => accounts.markExportFailed(exportId, error, executor),
  });
  queue.register(buildJob);

  async function toDataExport(row: DataExportRow): Promise<DataExport> {
    const base = { requestedAt: row.requestedAt.toISOString() };
    const noLink = { downloadUrl: null, downloadUrlExpiresAt: null };
    if (row.status === 'pending' || row.status === 'failed') {
      return { ...base, ...noLink, status: row.status, expiresAt: null };
    }
    const expiresAt = row.expiresAt?.toISOString() ?? null;
    const at = now();
    const offered = row.storageKey && row.expiresAt && row.expiresAt > at;
    if (!offered || !row.storageKey) {
      return { ...base, ...noLink, status: 'expired', expiresAt };
    }
    const downloadUrl = await storage.presignGet(row.storageKey, {
      fileName: `seller-center-data-${row.requestedAt.toISOString().slice(0, 10)}.zip`,
      contentType: 'application/zip',
      expiresInSeconds: exportLinkSeconds,
    });
    // Both drivers count a link's life in whole seconds from the second it is signed in.
    const linkEnds = (Math.floor(at.getTime() / 1000) + exportLinkSeconds) * 1000;
    const downloadUrlExpiresAt = new Date(linkEnds).toISOString();
    return { ...base, status: 'ready', downloadUrl, downloadUrlExpiresAt, expiresAt };
  }

  return {
    /**
     * Starts an export, or answers the one being built (one at a time). The request is written
     * to the activity log and the job queued in the same transaction.
     */
    async requestExport(sellerId: string, client: RequestClient): Promise<DataExportResponse> {
      const row = await accounts.transaction(async (tx) => {
        if (!(await accounts.lockSeller(tx, sellerId))) throw sellerGone();
        const latest = await accounts.latestExport(sellerId, tx);
        if (latest?.status === 'pending') return latest;
        const created = await accounts.insertExport(tx, sellerId, now());
        await activity.exportRequested(tx, sellerId, client);
        await queue.enqueue(
          tx,
          buildJob,
          { exportId: created.id },
          { dedupeKey: `data-export:${created.id}` },
        );
        return created;
      });
      queue.nudge();
      return { export: await toDataExport(row) };
    },

    async getExport(sellerId: string): Promise<DataExportResponse> {
      const row = await accounts.latestExport(sellerId);
      return { export: row ? await toDataExport(row) : null };
    },

    /** Removes the files of exports past their day or replaced by a newer one; how many. */
    async removeExpiredExports(): Promise<number> {
      const files = await accounts.exportFilesToRemove(now());
      for (const file of files) {
        await storage.delete(file.storageKey);
        await accounts.forgetExportFile(file.id, file.storageKey);
      }
      return files.length;
    },

    /**
     * Deletes the account in one transaction once the seller is confirmed (the password before
     * it, the second factor in it) and the balance is zero; the files nobody is owed are removed
     * and the seller mailed after it commits.
     */
    async deleteAccount(
      sellerId: string,
      body: DeleteAccountBody,
      client: RequestClient,
    ): Promise<void> {
      // The password is hashed before the seller's row is locked, never while it is.
      const checked = await deps.confirmPassword(sellerId, body.password, client);
      const at = now();
      await deps.checkingCode(checked, client, () =>
        accounts.transaction(async (tx) => {
          const seller = await accounts.lockSeller(tx, sellerId);
          if (!seller) throw sellerGone();
          // The password changed since it was checked: the check no longer proves anything.
          if (seller.passwordHash !== checked.passwordHash) {
            throw new AppError('wrong_password', 'The password is not correct', [
              { path: 'password', code: 'wrongPassword' },
            ]);
          }
          await deps.acceptSecondFactor(tx, seller, body.code);
          const balance = await accounts.balance(tx, sellerId);
          if (balance !== 0) {
            throw new AppError(
              'balance_outstanding',
              balance > 0
                ? 'The balance must be paid out before the account can be deleted'
                : 'The account owes a refund: the balance must be settled before it can be deleted',
            );
          }
          // Every file by its storage key, as the rows that hold it record it.
          const keys = [
            ...(await accounts.unsoldProductFileKeys(tx, sellerId)),
            ...(await accounts.exportFileKeys(tx, sellerId)),
            ...(await accounts.avatarKeys(tx, sellerId)),
          ];
          // What other modules own goes through them, in this transaction; the seller's row last,
          // so that its erasure time is the deletion's.
          await deps.twoFactor.removeAll(tx, sellerId);
          await deps.webhooks.removeAll(tx, sellerId);
          await deps.payoutDetails.removeAll(tx, sellerId);
          await sessions.removeAll(tx, sellerId);
          await activity.removeAll(tx, sellerId);
          await accounts.eraseAccount(tx, sellerId, at);
          if (keys.length > 0) {
            await queue.enqueue(
              tx,
              removeFilesJob,
              { keys },
              { dedupeKey: `account-files:${sellerId}` },
            );
          }
          if (seller.email) {
            await queue.enqueue(
              tx,
              mailJob,
              {
                template: 'accountDeleted',
                email: seller.email,
                language: seller.language,
                nickname: seller.nickname ?? '',
                at: at.toISOString(),
              },
              { dedupeKey: `account-deleted:${sellerId}` },
            );
          }
        }),
      );
      // The token version was bumped by the committed transaction: no cached copy may outlive it.
      deps.forgetTokenVersion(sellerId);
      queue.nudge();
    },
  };
}

export type AccountService = ReturnType<typeof createAccountService>;
