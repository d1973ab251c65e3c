import type {
  RecordedRefund,
  RecordRefundResponse,
  recordRefundBodySchema,
} from '@seller/contract/internal/record-refund';
import type { Transaction } from '@seller/contract/sales/get-transactions';
import type { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { isFullyRefunded } from '../../db/sale-rows.ts';
import type { RefundRow, SaleRow } from '../../db/schema.ts';
import { AppError, invalidField, notFound } from '../../lib/app-error.ts';
import { eventTime } from '../../lib/event-time.ts';
import { saleRowToTransaction } from '../sales/sales.service.ts';
import type { RefundRepository, SaleForRefund } from './refunds.repository.ts';

/** A refund as the member site reports it, once the contract's schema has checked it. */
export type RefundInput = z.output<typeof recordRefundBodySchema>;

/**
 * The commission a refund gives back (docs/product-rules.md): in proportion to the part of the
 * sale refunded, rounded down, except that the refund emptying the sale returns all the
 * commission left, so that a sale's refunds return exactly the commission it took. In bigint:
 * commission × amount passes 2^53 for the largest sales.
 */
export function commissionReturned(
  sale: {
    amount: number;
    commissionAmount: number;
    refundedAmount: number;
    refundedCommission: number;
  },
  amount: number,
): number {
  if (isFullyRefunded({ amount: sale.amount, refundedAmount: sale.refundedAmount + amount })) {
    return sale.commissionAmount - sale.refundedCommission;
  }
  return Number((BigInt(sale.commissionAmount) * BigInt(amount)) / BigInt(sale.amount));
}

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
  saleNotifications: string;
  webhookEvents: string[] | null;
}

/**
 * What other modules do with a new refund (its mail, its webhook event), inside its
 * transaction, so that nothing acknowledged is left without them.
 */
export interface RefundListener {
  /** True when it queued work to be sent once the refund commits. */
  afterRefund(tx: Database, event: RefundEvent): Promise<boolean>;
  /** Once the transaction has committed, when `afterRefund` queued something. */
  afterCommit(): void;
}

/**
 * Refunds and chargebacks of the member site's sales, once per refund id. Each is written with
 * what it changes, in one transaction: the sale's refunded amount and commission, and the sales
 * rollups of the sale's own day, product and seller (every sales figure is net of refunds).
 */
export function createRefundService(deps: {
  refunds: RefundRepository;
  listeners?: readonly RefundListener[];
  now?: () => Date;
}) {
  const { refunds } = deps;
  const listeners = deps.listeners ?? [];
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

  return {
    async record(input: RefundInput): Promise<{ created: boolean } & RecordRefundResponse> {
      const time = eventTime(input.refundedAt, now());
      if ('refused' in time) {
        // Before 2000 is before any sale.
        const code = time.refused === 'inFuture' ? 'refundedAtInFuture' : 'refundedAtBeforeSale';
        throw invalidField('refundedAt', code, 'Invalid body: refundedAt');
      }
      const refundedAt = time.at;

      const queued = new Set<RefundListener>();
      const result = await refunds.transaction(async (writes, tx): Promise<Outcome> => {
        const found = await writes.lockSaleOfOrder(input.orderId);
        if (!found) return { refused: notFound('Order') };
        const { sale } = found;
        const refused = refusal(sale, input, refundedAt);
        if (refused) return { refused };
        const commission = commissionReturned(sale, input.amount);
        const recorded = await writes.recordRefund({
          refundId: input.refundId,
          saleId: sale.id,
          sellerId: sale.sellerId,
          orderId: sale.orderId,
          kind: input.kind,
          amount: input.amount,
          commissionReturned: commission,
          netAmount: input.amount - commission,
          reason: input.reason ?? null,
          refundedAt,
        });
        // Already recorded, before or by a concurrent call with the same refund id: answered
        // as a replay once this transaction is over.
        if (!recorded) return { known: true };
        const answer = {
          refund: toRecordedRefund(recorded.refund),
          sale: toSaleTransaction({ ...found, sale: recorded.sale }),
        };
        const event: RefundEvent = {
          id: recorded.refund.id,
          sellerId: sale.sellerId,
          ...answer,
          saleNotifications: found.saleNotifications,
          webhookEvents: found.webhookEvents,
        };
        for (const listener of listeners) {
          if (await listener.afterRefund(tx, event)) queued.add(listener);
        }
        return { answer };
      });
      if ('answer' in result) {
        for (const listener of queued) listener.afterCommit();
        return { created: true, ...result.answer };
      }
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

/** Why the sale cannot take this refund; undefined when it can. */
function refusal(sale: SaleRow, input: RefundInput, refundedAt: Date): AppError | undefined {
  if (refundedAt.getTime() < sale.purchasedAt.getTime()) {
    return invalidField('refundedAt', 'refundedAtBeforeSale', 'Invalid body: refundedAt');
  }
  const left = sale.amount - sale.refundedAmount;
  if (input.amount > left) {
    return new AppError(
      'refund_exceeds_sale',
      `This refund is more than what is left of the sale (${left})`,
      [{ path: 'amount', code: 'refundExceedsSale' }],
    );
  }
  return undefined;
}

export type RefundService = ReturnType<typeof createRefundService>;
