import type {
  RecordedRefund,
  RecordRefundResponse,
  recordRefundBodySchema,
} from '@seller/contract/internal/record-refund';
import type { Transaction } from '@seller/contract/sales/get-transactions';
import type { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { isFullyRefunded } from '../../db/sale-rows.ts';
import type { RefundRow } from '../../db/schema.ts';
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
      // A retry is answered before anything is checked against the sale as it is now: the
      // refund that emptied a sale, sent again, is the same refund, not one too many.
      const known = await refunds.findRefund(input.refundId);
      if (known) return { created: false, ...(await replay(known, input)) };

      const queued = new Set<RefundListener>();
      const result = await refunds.transaction(async (writes, tx) => {
        const found = await writes.lockSaleOfOrder(input.orderId);
        if (!found) throw notFound('Order');
        const { sale } = found;
        if (refundedAt.getTime() < sale.purchasedAt.getTime()) {
          throw invalidField('refundedAt', 'refundedAtBeforeSale', 'Invalid body: refundedAt');
        }
        const left = sale.amount - sale.refundedAmount;
        if (input.amount > left) {
          throw new AppError(
            'refund_exceeds_sale',
            `This refund is more than what is left of the sale (${left})`,
            [{ path: 'amount', code: 'refundExceedsSale' }],
          );
        }
        const commission = commissionReturned(sale, input.amount);
        const row = await writes.insertRefund({
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
        // Recorded meanwhile by a concurrent call with the same refund id (another sale's
        // lock, or none): answered as a replay once this transaction is over.
        if (!row) return undefined;
        const updated = await writes.applyRefund(sale.id, input.amount, commission);
        const answer = {
          refund: toRecordedRefund(row),
          sale: toSaleTransaction({ ...found, sale: updated }),
        };
        const event: RefundEvent = {
          id: row.id,
          sellerId: sale.sellerId,
          ...answer,
          saleNotifications: found.saleNotifications,
          webhookEvents: found.webhookEvents,
        };
        for (const listener of listeners) {
          if (await listener.afterRefund(tx, event)) queued.add(listener);
        }
        return answer;
      });
      if (!result) {
        const stored = await refunds.findRefund(input.refundId);
        if (!stored) throw new Error(`refund ${input.refundId} conflicted but cannot be read`);
        return { created: false, ...(await replay(stored, input)) };
      }
      for (const listener of queued) listener.afterCommit();
      return { created: true, ...result };
    },
  };
}

export type RefundService = ReturnType<typeof createRefundService>;
