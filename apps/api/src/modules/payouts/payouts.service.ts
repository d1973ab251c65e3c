import type { DuePayout } from '@seller/contract/internal/list-due-payouts';
import type { recordPayoutBodySchema } from '@seller/contract/internal/record-payout';
import type { LedgerResponse } from '@seller/contract/payouts/get-ledger';
import type { PayoutDetail } from '@seller/contract/payouts/get-payout';
import type { PayoutBalance } from '@seller/contract/payouts/get-payout-balance';
import type { PayoutsResponse } from '@seller/contract/payouts/list-payouts';
import type {
  LedgerEntry,
  Payout,
  PayoutMethod,
  PayoutStatement,
} from '@seller/contract/payouts/payout';
import type { SettlementInfo } from '@seller/contract/settlement/get-settlement-info';
import type { z } from 'zod';
import type { Database } from '../../db/client.ts';
import type { PayoutRow } from '../../db/schema.ts';
import { AppError, invalidField, notFound } from '../../lib/app-error.ts';
import { eventTime } from '../../lib/event-time.ts';
import { isUuid, uuidAsStored } from '../../lib/ids.ts';
import type { JobQueue } from '../jobs/job-queue.ts';
import type { MailService } from '../mail/mail.service.ts';
import { createPayoutMailJob, type FindRecipient } from './jobs/payout-mail.job.ts';
import { ledgerCsvRows, ledgerPages } from './ledger-csv.ts';
import type { DayRange, LedgerRow, PayoutRepository } from './payouts.repository.ts';

/** A payout as the operator reports it, once the contract's schema has checked it. */
export type PayoutInput = z.output<typeof recordPayoutBodySchema>;

/** A payout written, or its id found taken (the stored row, unless it could not be read yet). */
type RecordOutcome =
  | { created: { payout: Payout; balance: number } }
  | { taken: PayoutRow | undefined };

/** Entries read per statement of the ledger export. */
const exportPageSize = 1000;

/**
 * The fields a method needs before money can go that way (the ones the payout details form
 * requires; a bank's SWIFT code only matters abroad).
 */
const requiredFields: { [M in PayoutMethod]: readonly (keyof SettlementInfo[M])[] } = {
  alipay: ['phone', 'realName'],
  bank: ['name', 'account', 'accountHolder', 'branch'],
  paypal: ['email', 'accountHolder'],
};

export function methodIsSetUp(settlement: SettlementInfo, method: PayoutMethod): boolean {
  const fields: Record<string, string> = settlement[method];
  return requiredFields[method].every((field) => (fields[field] ?? '').trim() !== '');
}

export function toPayout(row: PayoutRow): Payout {
  return {
    id: row.id,
    payoutId: row.payoutId,
    amount: row.amount,
    method: row.method,
    reference: row.reference,
    paidAt: row.paidAt.toISOString(),
  };
}

const toLedgerEntry = (row: LedgerRow): LedgerEntry => ({
  id: row.id,
  type: row.type,
  at: row.at,
  orderId: row.orderId,
  productTitle: row.productTitle,
  gross: row.gross,
  commission: row.commission,
  net: row.net,
  balanceAfter: row.balanceAfter,
});

/** A replay carries the same payout; `paidAt` counts only when the replay names one. */
function samePayout(stored: PayoutRow, input: PayoutInput, paidAt: Date): boolean {
  return (
    stored.sellerId === input.sellerId &&
    stored.amount === input.amount &&
    stored.method === input.method &&
    stored.reference === (input.reference ?? null) &&
    (input.paidAt === undefined || stored.paidAt.getTime() === paidAt.getTime())
  );
}

/**
 * Sums a statement's entries (oldest first, the payout last): what the seller had after the
 * previous payout, what sold and what was taken back since, and what is left after this one.
 */
export function summarize(entries: readonly LedgerRow[], previousAt: string | null) {
  const first = entries[0];
  const last = entries.at(-1);
  if (!first || !last) throw new Error('a statement holds at least its payout');
  const statement: PayoutStatement = {
    from: previousAt ?? first.at,
    to: last.at,
    openingBalance: first.balanceAfter - first.net,
    sales: { count: 0, gross: 0, commission: 0, net: 0 },
    refunds: { count: 0, amount: 0, commissionReturned: 0, net: 0 },
    closingBalance: last.balanceAfter,
  };
  for (const entry of entries) {
    if (entry.type === 'sale') {
      statement.sales.count += 1;
      statement.sales.gross += entry.gross;
      statement.sales.commission += entry.commission;
      statement.sales.net += entry.net;
    } else if (entry.type === 'refund' || entry.type === 'chargeback') {
      statement.refunds.count += 1;
      statement.refunds.amount -= entry.gross;
      statement.refunds.commissionReturned -= entry.commission;
      statement.refunds.net -= entry.net;
    }
  }
  return statement;
}

/**
 * What the seller is owed and was paid: the ledger (sales, refunds, chargebacks and payouts,
 * never edited), its balance and statements; and the operator's side, recording a payout made
 * outside, once per payout id, never beyond the balance (docs/product-rules.md).
 */
export function createPayoutService(deps: {
  payouts: PayoutRepository;
  /** The seller's payout details (the settlement module's `get`). */
  settlementOf(sellerId: string): Promise<SettlementInfo>;
  /** Queues the `payout.paid` event in the payout's transaction when the webhook listens. */
  publishPaid(
    tx: Database,
    sellerId: string,
    data: { payout: Payout; balance: number },
  ): Promise<boolean>;
  queue: JobQueue;
  mail: MailService;
  findRecipient: FindRecipient;
  timeZone: string;
  now?: () => Date;
}) {
  const { payouts, queue, timeZone } = deps;
  const now = deps.now ?? (() => new Date());
  const mailJob = createPayoutMailJob({
    mail: deps.mail,
    findRecipient: deps.findRecipient,
    timeZone,
  });
  queue.register(mailJob);

  function paidAtOf(input: PayoutInput): Date {
    const time = eventTime(input.paidAt, now());
    if ('at' in time) return time.at;
    if (time.refused === 'inFuture') {
      throw invalidField('paidAt', 'paidAtInFuture', 'Invalid body: paidAt is in the future');
    }
    throw invalidField('paidAt', 'paidAtTooEarly', 'Invalid body: paidAt is before 2000');
  }

  /** A payout id already recorded: the same payout again is answered with the stored one. */
  async function replay(stored: PayoutRow, input: PayoutInput, paidAt: Date) {
    if (!samePayout(stored, input, paidAt)) {
      throw new AppError('conflict', 'This payout id is already recorded with different content', [
        { path: 'payoutId', code: 'payoutIdReused' },
      ]);
    }
    return {
      created: false,
      payout: toPayout(stored),
      balance: await payouts.balanceOf(stored.sellerId),
    };
  }

  return {
    async balance(sellerId: string): Promise<PayoutBalance> {
      const row = await payouts.summary(sellerId);
      return {
        balance: row.balance,
        totals: {
          sales: row.sales,
          commission: row.commission,
          refunds: row.refunds,
          payouts: row.payouts,
        },
        lastPayoutAt: row.last_payout_at?.toISOString() ?? null,
      };
    },

    async ledger(
      sellerId: string,
      query: DayRange & { page: number; limit: number },
    ): Promise<LedgerResponse> {
      const { page, limit } = query;
      const range = { from: query.from, to: query.to };
      const total = await payouts.countLedger(sellerId, range);
      const offset = (page - 1) * limit;
      const rows =
        offset < total ? await payouts.ledgerPage(sellerId, range, { offset, limit }) : [];
      return {
        entries: rows.map(toLedgerEntry),
        pagination: { total, page, limit, totalPages: Math.ceil(total / limit) },
      };
    },

    /** The ledger within the range as CSV lines, newest first, read in keyset pages. */
    exportLedger(sellerId: string, range: DayRange) {
      const pages = ledgerPages(payouts, sellerId, range, 'newest first', exportPageSize);
      return {
        fileName: `ledger-${new Date().toISOString().slice(0, 10)}.csv`,
        lines: ledgerCsvRows(pages, timeZone),
      };
    },

    /**
     * The whole ledger as CSV lines, oldest first, so that the last line's balance is today's:
     * the ledger of the account's data export.
     */
    ledgerCsvOfAllTime(sellerId: string): AsyncIterable<string> {
      const pages = ledgerPages(payouts, sellerId, {}, 'oldest first', exportPageSize);
      return ledgerCsvRows(pages, timeZone);
    },

    async list(sellerId: string, query: { page: number; limit: number }): Promise<PayoutsResponse> {
      const { page, limit } = query;
      const total = await payouts.countPayouts(sellerId);
      const offset = (page - 1) * limit;
      const rows = offset < total ? await payouts.listPayouts(sellerId, { offset, limit }) : [];
      return {
        payouts: rows.map(toPayout),
        pagination: { total, page, limit, totalPages: Math.ceil(total / limit) },
      };
    },

    async get(sellerId: string, id: string): Promise<PayoutDetail> {
      const { row, entries, previousAt } = await statementOf(sellerId, id);
      return { payout: toPayout(row), statement: summarize(entries, previousAt) };
    },

    /** The statement's entries as CSV lines, oldest first. */
    async exportStatement(sellerId: string, id: string) {
      const { row, entries } = await statementOf(sellerId, id);
      async function* one() {
        yield entries;
      }
      return { fileName: `payout-${row.id}.csv`, lines: ledgerCsvRows(one(), timeZone) };
    },

    /**
     * Records a payout once per payout id, whatever the retries and races: the seller's payouts
     * wait for each other (a lock held to the end of the transaction), so two of them never
     * both spend the same balance. The webhook event and the mail are queued in the same
     * transaction.
     */
    async record(
      sent: PayoutInput,
    ): Promise<{ created: boolean; payout: Payout; balance: number }> {
      // The seller's id as stored (sent in either case), so that a replay compares equal.
      const input = { ...sent, sellerId: uuidAsStored(sent.sellerId) };
      const paidAt = paidAtOf(input);
      const known = await payouts.findByPayoutId(input.payoutId);
      if (known) return replay(known, input, paidAt);
      const settlement = await deps.settlementOf(input.sellerId);
      const result = await payouts.transaction(async (tx): Promise<RecordOutcome> => {
        await payouts.holdLedger(tx, input.sellerId);
        const stored = await payouts.findByPayoutId(input.payoutId, tx);
        if (stored) return { taken: stored };
        if (!(await payouts.sellerExists(input.sellerId, tx))) throw notFound('Seller');
        if (!methodIsSetUp(settlement, input.method)) {
          throw new AppError(
            'payout_method_missing',
            `The seller has not filled in their ${input.method} payout details`,
            [{ path: 'method', code: 'payoutMethodMissing' }],
          );
        }
        const before = await payouts.balanceOf(input.sellerId, tx);
        if (input.amount > before) {
          throw new AppError(
            'payout_exceeds_balance',
            `The payout is more than the seller's balance (${before} KRW)`,
            [{ path: 'amount', code: 'payoutExceedsBalance' }],
          );
        }
        const row = await payouts.insertPayout(tx, {
          payoutId: input.payoutId,
          sellerId: input.sellerId,
          amount: input.amount,
          method: input.method,
          reference: input.reference ?? null,
          paidAt,
        });
        // Another seller's payout took this id between the read above and the insert.
        if (!row) return { taken: undefined };
        const payout = toPayout(row);
        const balance = before - input.amount;
        await deps.publishPaid(tx, input.sellerId, { payout, balance });
        await queue.enqueue(
          tx,
          mailJob,
          {
            sellerId: row.sellerId,
            amount: row.amount,
            method: row.method,
            reference: row.reference,
            paidAt: payout.paidAt,
            balance,
          },
          { dedupeKey: `payout-mail:${row.id}` },
        );
        return { created: { payout, balance } };
      });
      if ('created' in result) {
        queue.nudge();
        return { created: true, ...result.created };
      }
      const stored = result.taken ?? (await payouts.findByPayoutId(input.payoutId));
      if (!stored) throw new Error(`payout ${input.payoutId} conflicted but cannot be read`);
      return replay(stored, input, paidAt);
    },

    /** Sellers whose balance is at least `minAmount`, with their payout details. */
    async due(minAmount: number): Promise<DuePayout[]> {
      const rows = await payouts.dueSellers(minAmount);
      const sellers: DuePayout[] = [];
      for (const row of rows) {
        sellers.push({
          sellerId: row.seller_id,
          nickname: row.nickname ?? '',
          email: row.email,
          balance: row.balance,
          settlement: await deps.settlementOf(row.seller_id),
        });
      }
      return sellers;
    },
  };

  async function statementOf(sellerId: string, id: string) {
    const row = isUuid(id) ? await payouts.findOwnedPayout(sellerId, id) : undefined;
    if (!row) throw notFound('Payout');
    const { entries, previousAt } = await payouts.statementEntries(sellerId, row.id);
    return { row, entries, previousAt };
  }
}

export type PayoutService = ReturnType<typeof createPayoutService>;
