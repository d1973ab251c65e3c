import type {
  RecordRefundResponse,
  recordRefundBodySchema,
} from '@seller/contract/internal/record-refund';
import type { Transaction } from '@seller/contract/sales/get-transactions';
import type { RecordedRefund } from '@seller/contract/sales/refund';
import type { z } from 'zod';
import type { Database } from '../../db/client.ts';
import type { SaleAudience } from '../../db/sale-audience.ts';
import type { RefundRow, SaleRow } from '../../db/schema.ts';
import { AppError, invalidField, notFound } from '../../lib/app-error.ts';
import { eventTime } from '../../lib/event-time.ts';
import { saleRowToTransaction } from '../sales/sales.service.ts';
import type {
  RecordedRefundRows,
  RefundRepository,
  RefundValues,
  SaleForRefund,
} from './refunds.repository.ts';

/** A refund as the member site reports it, once the contract's schema has checked it. */
export type RefundInput = z.output<typeof recordRefundBodySchema>;

export function toRecordedRefund(row: RefundRow): RecordedRefund {
  return {
    refundId: row.refundId,
    orderId: row.orderId,
    purchaseId: row.saleId,
    kind: row.kind,
    amount: row.amount,
    commissionReturned: row.commissionReturned,
    netAmount: row.netAmount,
    refundedAt: row.refundedAt.toISOString(),
  };
}

const toSaleTransaction = ({ sale, productTitle }: SaleForRefund): Transaction =>
  saleRowToTransaction(sale, productTitle);

/** A replay carries the same refund; `refundedAt` counts only when the replay names one. */
function sameRefund(stored: RefundRow, input: RefundInput): boolean {
  return (
    stored.orderId === input.orderId &&
    stored.amount === input.amount &&
    stored.kind === input.kind &&
    stored.reason === (input.reason ?? null) &&
    (input.refundedAt === undefined ||
      stored.refundedAt.getTime() === new Date(input.refundedAt).getTime())
  );
}

/** What a listener hears of a new refund, inside its transaction. */
export interface RefundEvent {
  /** The refund row's own id (a job's dedupe key). */
  id: string;
  sellerId: string;
  refund: RecordedRefund;
  /** The sale after the refund, as the transactions list shows it. */
  sale: Transaction;
  /** The events the seller's webhook listens to; null without a webhook. */
  webhookEvents: string[] | null;
}

/**
 * What another module does with a new refund (its mail, its webhook event), inside its
 * transaction, so that nothing acknowledged is left without them. Each module that hears of
 * refunds exports its listener; `app.ts` gives the refund service the list.
 */
export interface RefundListener {
  /**
   * The sellers whose refunds this listener hears of. It is the only source of who hears of a
   * refund: a refund whose seller is in no listener's audience is written by one statement
   * outside any transaction, and `afterRefund` is called for exactly the refunds of its audience.
   */
  audience: SaleAudience;
  /** True when it queued work to be sent once the refund commits. */
  afterRefund(tx: Database, event: RefundEvent): Promise<boolean>;
  /** Once the transaction has committed, when `afterRefund` queued something. */
  afterCommit(): void;
}

/** The answer for a refund just recorded. */
const answerOf = (recorded: RecordedRefundRows): RecordRefundResponse => ({
  refund: toRecordedRefund(recorded.refund),
  sale: saleRowToTransaction(recorded.sale, recorded.productTitle),
});

/**
 * Refunds and chargebacks of the member site's sales, once per refund id. Each is written with
 * what it changes, at once: the sale's refunded amount and commission, and the sales rollups of
 * the sale's own day, product and seller (every sales figure is net of refunds). A refund nobody
 * hears of is one statement; any other, and any the statement did not write, goes through a
 * transaction that locks the sale, says why it cannot take the refund, if so, and writes the
 * refund with its listeners' work.
 */
export function createRefundService(deps: {
  refunds: RefundRepository;
  listeners?: readonly RefundListener[];
  now?: () => Date;
}) {
  const { refunds } = deps;
  const listeners = deps.listeners ?? [];
  const heardBy = refunds.refundsHeardBy(listeners.map((listener) => listener.audience));
  const now = deps.now ?? (() => new Date());

  async function replay(stored: RefundRow, input: RefundInput): Promise<RecordRefundResponse> {
    if (!sameRefund(stored, input)) {
      throw new AppError('conflict', 'This refund id is already recorded with different content', [
        { path: 'refundId', code: 'refundIdReused' },
      ]);
    }
    const sale = await refunds.saleById(stored.saleId);
    if (!sale) throw new Error(`the sale of refund ${stored.refundId} cannot be read`);
    return { refund: toRecordedRefund(stored), sale: toSaleTransaction(sale) };
  }

  /** A refund through its transaction, with its listeners. */
  async function recordHeard(values: RefundValues): Promise<Outcome> {
    const queued = new Set<RefundListener>();
    const outcome = await heardBy.transaction(async (writes, tx): Promise<Outcome> => {
      const found = await writes.lockSaleOfOrder(values.orderId);
      if (!found) return { refused: notFound('Order') };
      const refused = refusal(found.sale, values);
      if (refused) return { refused };
      const recorded = await writes.recordRefund(values);
      // Already recorded, before or by a concurrent call with the same refund id: answered
      // as a replay once this transaction is over.
      if (!recorded) return { known: true };
      const answer = answerOf(recorded);
      const event: RefundEvent = {
        id: recorded.refund.id,
        sellerId: recorded.sale.sellerId,
        ...answer,
        webhookEvents: found.webhookEvents,
      };
      for (const [which, listener] of listeners.entries()) {
        if (recorded.hearing[which] && (await listener.afterRefund(tx, event))) {
          queued.add(listener);
        }
      }
      return { answer };
    });
    if ('answer' in outcome) for (const listener of queued) listener.afterCommit();
    return outcome;
  }

  return {
    async record(input: RefundInput): Promise<{ created: boolean } & RecordRefundResponse> {
      const at = now();
      const time = eventTime(input.refundedAt, at);
      if ('refused' in time) {
        // Before 2000 is before any sale.
        const code = time.refused === 'inFuture' ? 'refundedAtInFuture' : 'refundedAtBeforeSale';
        throw invalidField('refundedAt', code, 'Invalid body: refundedAt');
      }
      const values: RefundValues = {
        refundId: input.refundId,
        orderId: input.orderId,
        kind: input.kind,
        amount: input.amount,
        reason: input.reason ?? null,
        // Not dated by the member site: now, or its sale's time when that is later.
        refundedAt: input.refundedAt === undefined ? null : time.at,
        now: at,
      };
      const quiet = await heardBy.recordQuiet(values);
      if (quiet) return { created: true, ...answerOf(quiet) };
      const result = await recordHeard(values);
      if ('answer' in result) return { created: true, ...result.answer };
      // A retry is the same refund, not one checked against the sale as it is now: the refund
      // that emptied a sale, sent again, is answered as before, never as one too many.
      const stored = await refunds.findRefund(input.refundId);
      if (stored) return { created: false, ...(await replay(stored, input)) };
      if ('refused' in result) throw result.refused;
      throw new Error(`refund ${input.refundId} conflicted but cannot be read`);
    },
  };
}

/** A refund's transaction: recorded, refused by its sale, or its refund id already known. */
type Outcome = { answer: RecordRefundResponse } | { refused: AppError } | { known: true };

/**
 * Why the sale cannot take this refund; undefined when it can. `refundQuery` writes only a
 * refund that passes the same checks. A refund the member site does not date is dated no
 * earlier than its sale.
 */
function refusal(sale: SaleRow, values: RefundValues): AppError | undefined {
  if (values.refundedAt !== null && values.refundedAt.getTime() < sale.purchasedAt.getTime()) {
    return invalidField('refundedAt', 'refundedAtBeforeSale', 'Invalid body: refundedAt');
  }
  const left = sale.amount - sale.refundedAmount;
  if (values.amount > left) {
    return new AppError(
      'refund_exceeds_sale',
      `This refund is more than what is left of the sale (${left})`,
      [{ path: 'amount', code: 'refundExceedsSale' }],
    );
  }
  return undefined;
}

export type RefundService = ReturnType<typeof createRefundService>;
