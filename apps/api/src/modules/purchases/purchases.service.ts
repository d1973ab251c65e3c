import type {
  RecordedSale,
  recordPurchaseBodySchema,
} from '@seller/contract/sales/record-purchase';
import type { z } from 'zod';
import type { Database } from '../../db/client.ts';
import type { SaleRow } from '../../db/schema.ts';
import { AppError, invalidField, notFound } from '../../lib/app-error.ts';
import { commissionRateAt, introCommissionMonths, splitAmount } from './commission.ts';
import type { ProductForSale, PurchaseRepository } from './purchases.repository.ts';

/** A sale as the member site reports it, once the contract's schema has checked it. */
export type PurchaseInput = z.output<typeof recordPurchaseBodySchema>;

/** Clocks differ: a purchase may be dated a little ahead of ours, not more. */
export const maxClockSkewMs = 5 * 60 * 1000;
const earliestPurchase = Date.parse('2000-01-01T00:00:00Z');

export function toRecordedSale(row: SaleRow): RecordedSale {
  return {
    purchaseId: row.id,
    orderId: row.orderId,
    productId: row.productId,
    customerEmail: row.customerEmail,
    paymentMethod: row.paymentMethod,
    amount: row.amount,
    commissionRate: row.commissionRate,
    commissionAmount: row.commissionAmount,
    netAmount: row.netAmount,
    purchasedAt: row.purchasedAt.toISOString(),
  };
}

/** A replay carries the same order; `purchasedAt` counts only when the replay names one. */
function sameOrder(stored: SaleRow, input: PurchaseInput, purchasedAt: Date): boolean {
  return (
    stored.productId === input.productId &&
    stored.customerEmail === input.customerEmail &&
    stored.paymentMethod === input.paymentMethod &&
    stored.amount === input.amount &&
    (input.purchasedAt === undefined || stored.purchasedAt.getTime() === purchasedAt.getTime())
  );
}

const invalidDate = (code: 'purchasedAtInFuture' | 'purchasedAtTooEarly') =>
  invalidField('purchasedAt', code, 'Invalid body: purchasedAt is out of range');

/**
 * What other modules do with a new sale, inside its transaction, so that nothing acknowledged
 * is left without its mail or its webhook event.
 */
export interface SaleListener {
  afterSale(tx: Database, sale: SaleRow, product: ProductForSale): Promise<void>;
  /** Once the transaction has committed: send what was queued now, not at the next poll. */
  afterCommit(): void;
}

export function createPurchaseService(deps: {
  purchases: PurchaseRepository;
  listeners?: readonly SaleListener[];
  now?: () => Date;
}) {
  const { purchases } = deps;
  const listeners = deps.listeners ?? [];
  const now = deps.now ?? (() => new Date());

  /** When the sale happened: now by default, a little ahead at most, not before 2000. */
  function purchaseTime(input: PurchaseInput, at: Date): Date {
    const purchasedAt = input.purchasedAt ? new Date(input.purchasedAt) : at;
    if (purchasedAt.getTime() > at.getTime() + maxClockSkewMs) {
      throw invalidDate('purchasedAtInFuture');
    }
    if (purchasedAt.getTime() < earliestPurchase) throw invalidDate('purchasedAtTooEarly');
    return purchasedAt;
  }

  /**
   * Records sales once per order id, whatever the retries and races: the unique order id and
   * `ON CONFLICT DO NOTHING` decide. Each sale, its product's sales count and the rollups are
   * written together; a batch (the demo seed) shares one transaction.
   */
  async function recordMany(
    inputs: readonly PurchaseInput[],
  ): Promise<{ created: boolean; sale: RecordedSale }[]> {
    const at = now();
    const times = inputs.map((input) => purchaseTime(input, at));
    const inserted = await purchases.transaction(async (writes, tx) => {
      const productsSeen = new Map<string, ProductForSale>();
      const rows: (SaleRow | undefined)[] = [];
      for (const [index, input] of inputs.entries()) {
        const purchasedAt = times[index] ?? at;
        let product = productsSeen.get(input.productId);
        if (!product) {
          product = await writes.productForSale(input.productId, introCommissionMonths);
          if (!product) throw notFound('Product');
          productsSeen.set(input.productId, product);
        }
        const commissionRate = commissionRateAt(purchasedAt, product.introEndsAt);
        const { commission, net } = splitAmount(input.amount, commissionRate);
        const row = await writes.insertSaleWithRollups({
          orderId: input.orderId,
          sellerId: product.sellerId,
          productId: input.productId,
          customerEmail: input.customerEmail,
          paymentMethod: input.paymentMethod,
          amount: input.amount,
          commissionRate,
          commissionAmount: commission,
          netAmount: net,
          purchasedAt,
        });
        if (row) for (const listener of listeners) await listener.afterSale(tx, row, product);
        rows.push(row);
      }
      return rows;
    });
    if (inserted.some(Boolean)) for (const listener of listeners) listener.afterCommit();
    const results: { created: boolean; sale: RecordedSale }[] = [];
    for (const [index, input] of inputs.entries()) {
      const row = inserted[index];
      if (row) {
        results.push({ created: true, sale: toRecordedSale(row) });
        continue;
      }
      // Already recorded: a replay of the same order is answered with the stored sale.
      const stored = await purchases.findSaleByOrderId(input.orderId);
      if (!stored) throw new Error(`order ${input.orderId} conflicted but cannot be read`);
      if (!sameOrder(stored, input, times[index] ?? at)) {
        throw new AppError('conflict', 'This order id is already recorded with different content', [
          { path: 'orderId', code: 'orderIdReused' },
        ]);
      }
      results.push({ created: false, sale: toRecordedSale(stored) });
    }
    return results;
  }

  return {
    async record(input: PurchaseInput): Promise<{ created: boolean; sale: RecordedSale }> {
      const [result] = await recordMany([input]);
      if (!result) throw new Error('no result');
      return result;
    },

    recordMany,

    async addViews(productId: string, count: number) {
      const viewCount = await purchases.addViews(productId, count);
      if (viewCount === undefined) throw notFound('Product');
      return { productId, viewCount };
    },

    /**
     * Recomputes the rollups and every product's sales count from the sales themselves: after
     * a bulk load into the sales table or a change of TIME_ZONE.
     */
    rebuildRollups: () => purchases.rebuildRollups(),
  };
}

export type PurchaseService = ReturnType<typeof createPurchaseService>;
