import { discountCodeInCapitals } from '@seller/contract/discounts/discount';
import type { recordProductViewsBodySchema } from '@seller/contract/sales/record-product-views';
import type {
  RecordedSale,
  recordPurchaseBodySchema,
} from '@seller/contract/sales/record-purchase';
import type { z } from 'zod';
import type { Database } from '../../db/client.ts';
import type { SaleAudience } from '../../db/sale-audience.ts';
import type { SaleRow } from '../../db/schema.ts';
import { AppError, invalidField, notFound } from '../../lib/app-error.ts';
import { eventTime } from '../../lib/event-time.ts';
import { uuidAsStored } from '../../lib/ids.ts';
import { localDayOf } from '../../lib/local-day.ts';
import { trafficSource } from '../../lib/traffic-sources.ts';
import { createTurns } from '../../lib/turns.ts';
import type {
  OrderInput,
  ProductForSale,
  PurchaseRepository,
  SaleBuyer,
  ViewItem,
} from './purchases.repository.ts';
import { createViewBatches } from './view-batches.ts';

/** A sale as the member site reports it, once the contract's schema has checked it. */
export type PurchaseInput = z.output<typeof recordPurchaseBodySchema>;

/**
 * Purchases of one product written at once, for a pool of `ingestPoolSize` connections: two
 * fifths of it (4 of the default 10), at least one. Enough that the product's purchases follow
 * each other without a round trip between them (a flash sale over what one product's rows can
 * commit kept 94 % of its pace with four, 87 % with two), few enough that the rest of the pool
 * stays free for every other product.
 */
export const purchaseTurnsPerProduct = (ingestPoolSize: number) =>
  Math.max(1, Math.floor((ingestPoolSize * 2) / 5));

/** Views may be reported for a past day, not one before this. */
const earliestViewDay = '2000-01-01';

/** One item of the member site's batch of views, once the contract's schema has checked it. */
type ViewBatchItem = z.output<typeof recordProductViewsBodySchema>['views'][number];

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

/** The buyer's fields of an order, each null when the member site did not send it. */
const buyerOf = (input: PurchaseInput): SaleBuyer => ({
  buyerName: input.buyerName ?? null,
  buyerCountry: input.buyerCountry ?? null,
  buyerLocale: input.buyerLocale ?? null,
  marketingConsent: input.marketingConsent ?? null,
  source: input.source ?? null,
  utmSource: input.utmSource ?? null,
  utmMedium: input.utmMedium ?? null,
  utmCampaign: input.utmCampaign ?? null,
});

/**
 * The order as it is stored and compared: its product's id in lower case (the member site may
 * send it in either case) and its discount code in capitals.
 */
const asStored = (input: PurchaseInput): PurchaseInput => ({
  ...input,
  productId: uuidAsStored(input.productId),
  discountCode:
    input.discountCode === undefined ? undefined : discountCodeInCapitals(input.discountCode),
});

/**
 * A replay carries the same order, buyer and source fields included (one left out where the
 * sale has none is the same); `purchasedAt` counts only when the replay names one.
 */
function sameOrder(stored: SaleRow, input: PurchaseInput, purchasedAt: Date): boolean {
  return (
    stored.productId === input.productId &&
    stored.customerEmail === input.customerEmail &&
    stored.paymentMethod === input.paymentMethod &&
    stored.amount === input.amount &&
    (input.purchasedAt === undefined || stored.purchasedAt.getTime() === purchasedAt.getTime()) &&
    stored.discountCode === (input.discountCode ?? null) &&
    (input.listAmount === undefined || stored.listAmount === input.listAmount) &&
    Object.entries(buyerOf(input)).every(
      ([field, value]) => stored[field as keyof SaleBuyer] === value,
    )
  );
}

const invalidDate = (code: 'purchasedAtInFuture' | 'purchasedAtTooEarly') =>
  invalidField('purchasedAt', code, 'Invalid body: purchasedAt is out of range');

/**
 * What another module does with a new sale, inside its transaction, so that nothing acknowledged
 * is left without its mail or its webhook event. Each module that hears of sales exports its
 * listener; `app.ts` gives the purchase service the list.
 */
export interface SaleListener {
  /**
   * The sellers whose sales this listener hears of. It is the only source of who hears of a
   * sale: a sale whose seller is in no listener's audience is written by one statement outside
   * any transaction, and `afterSale` is called for exactly the sales of its audience.
   */
  audience: SaleAudience;
  /**
   * In the sale's transaction. True when it queued work (a mail, a webhook event) to be sent
   * once the sale commits.
   */
  afterSale(tx: Database, sale: SaleRow, product: ProductForSale): Promise<boolean>;
  /**
   * Once the transaction has committed, when `afterSale` queued something: send it now, not at
   * the next poll. A sale that queued nothing costs the queue no look.
   */
  afterCommit(): void;
}

export function createPurchaseService(deps: {
  purchases: PurchaseRepository;
  listeners?: readonly SaleListener[];
  now?: () => Date;
  /**
   * The least time between two batches of product views, in milliseconds: a view waits that
   * long at most for its batch to start, and a steady stream of views costs one commit per
   * interval, not one a view. The app passes `VIEW_BATCH_INTERVAL_MS` (20 by default); left
   * out (the operator commands), each batch starts as soon as the last is done.
   */
  viewBatchIntervalMs?: number;
  /**
   * The clock a held use of a discount code expires by: the discounts' own (the app's clock),
   * so that a purchase and the redeem before it agree on whether the hold still lasts.
   */
  discountClock?: () => Date;
  /** `TIME_ZONE`: what today is for the views' days. */
  timeZone: string;
  /**
   * Purchases of one product written at once, at most (`purchaseTurnsPerProduct` of the
   * member site's pool; the app passes its own, the default is for a pool of 10): the rest of a
   * flash sale waits here, not in the member site's connection pool, where every other
   * product's purchases would queue behind it.
   */
  turnsPerProduct?: number;
}) {
  const { purchases } = deps;
  const turns = createTurns(deps.turnsPerProduct ?? purchaseTurnsPerProduct(10));
  const listeners = deps.listeners ?? [];
  const sales = purchases.salesHeardBy(listeners.map((listener) => listener.audience));
  const now = deps.now ?? (() => new Date());
  const views = createViewBatches((batch) => purchases.addViews(batch, now()), {
    interval: deps.viewBatchIntervalMs ?? 0,
  });
  const discountClock = deps.discountClock ?? (() => new Date());

  /** When the sale happened: now by default, a little ahead at most, not before 2000. */
  function purchaseTime(input: PurchaseInput, at: Date): Date {
    const time = eventTime(input.purchasedAt, at);
    if ('at' in time) return time.at;
    throw invalidDate(time.refused === 'inFuture' ? 'purchasedAtInFuture' : 'purchasedAtTooEarly');
  }

  /** The order as the statements take it, at its time. */
  const orderOf = (input: PurchaseInput, purchasedAt: Date): OrderInput => ({
    orderId: input.orderId,
    productId: input.productId,
    customerEmail: input.customerEmail,
    paymentMethod: input.paymentMethod,
    amount: input.amount,
    purchasedAt,
    discountCode: input.discountCode ?? null,
    listAmount: input.listAmount ?? null,
    recordedAt: discountClock(),
    ...buyerOf(input),
  });

  /** The answer for one order: the new sale, or the stored one when this is a replay of it. */
  async function answer(
    input: PurchaseInput,
    row: SaleRow | undefined,
    purchasedAt: Date,
  ): Promise<{ created: boolean; sale: RecordedSale }> {
    if (row) return { created: true, sale: toRecordedSale(row) };
    return replayAnswer(input, purchasedAt);
  }

  /** An order id already recorded: a replay of the same order is answered with the stored sale. */
  async function replayAnswer(
    input: PurchaseInput,
    purchasedAt: Date,
  ): Promise<{ created: boolean; sale: RecordedSale }> {
    const stored = await purchases.findSaleByOrderId(input.orderId);
    if (!stored) throw new Error(`order ${input.orderId} conflicted but cannot be read`);
    if (!sameOrder(stored, input, purchasedAt)) {
      throw new AppError('conflict', 'This order id is already recorded with different content', [
        { path: 'orderId', code: 'orderIdReused' },
      ]);
    }
    return { created: false, sale: toRecordedSale(stored) };
  }

  /**
   * No product to sell (unknown, or its seller deleted the account): 404, but a retry of an
   * order recorded before is still answered as the replay it is.
   */
  async function notForSale(
    input: PurchaseInput,
    purchasedAt: Date,
  ): Promise<{ created: boolean; sale: RecordedSale }> {
    if (await purchases.findSaleByOrderId(input.orderId)) return replayAnswer(input, purchasedAt);
    throw notFound('Product');
  }

  /**
   * Records sales once per order id, whatever the retries and races: the unique order id and
   * `ON CONFLICT DO NOTHING` decide. Each sale and its rollups (the product's sales count among
   * them) are written together; a batch (the demo seed) shares one transaction.
   */
  async function recordMany(
    sent: readonly PurchaseInput[],
  ): Promise<{ created: boolean; sale: RecordedSale }[]> {
    const inputs = sent.map(asStored);
    const at = now();
    const times = inputs.map((input) => purchaseTime(input, at));
    const queued = new Set<SaleListener>();
    const inserted = await sales.transaction(async (record, tx) => {
      const rows: (SaleRow | undefined)[] = [];
      for (const [index, input] of inputs.entries()) {
        const written = await record(orderOf(input, times[index] ?? at));
        if (!written) throw notFound('Product');
        const { sale, product, hearing } = written;
        if (sale) {
          for (const [which, listener] of listeners.entries()) {
            if (hearing[which] && (await listener.afterSale(tx, sale, product))) {
              queued.add(listener);
            }
          }
        }
        rows.push(sale);
      }
      return rows;
    });
    for (const listener of queued) listener.afterCommit();
    const results: { created: boolean; sale: RecordedSale }[] = [];
    for (const [index, input] of inputs.entries()) {
      results.push(await answer(input, inserted[index], times[index] ?? at));
    }
    return results;
  }

  return {
    /**
     * One purchase of the member site, in one statement when nobody needs to hear of the sale
     * inside its transaction (its seller is in no listener's audience): the product
     * read, the sale with its commission and its rollups, committed by themselves. The rows it
     * locks (the product's rollup, the seller's totals and day) are held for that statement
     * only, not for a round trip of a transaction, which is what a flash sale on one product
     * queues on; the product's own row is only read, so the batches of product views never
     * hold a purchase. Otherwise nothing was written, and the sale goes through `recordMany`'s
     * transaction with its listeners. Either way it waits for its product's turn first
     * (`purchaseTurnsPerProduct`).
     */
    async record(sent: PurchaseInput): Promise<{ created: boolean; sale: RecordedSale }> {
      const input = asStored(sent);
      const purchasedAt = purchaseTime(input, now());
      const result = await turns.run(input.productId, async () => {
        const quiet = await sales.recordQuiet(orderOf(input, purchasedAt));
        if (!quiet || quiet.quiet) return quiet;
        const [recorded] = await recordMany([input]);
        if (!recorded) throw new Error('no result');
        return { heard: recorded };
      });
      if (!result) return notForSale(input, purchasedAt);
      if ('heard' in result) return result.heard;
      if (!result.sale) return replayAnswer(input, purchasedAt);
      // The order as sent (checked by the contract's schema and stored as is), with what the
      // statement added: the sale's id and its commission.
      const { id, commissionRate, commissionAmount, netAmount } = result.sale;
      return {
        created: true,
        sale: {
          purchaseId: id,
          orderId: input.orderId,
          productId: input.productId,
          customerEmail: input.customerEmail,
          paymentMethod: input.paymentMethod,
          amount: input.amount,
          commissionRate,
          commissionAmount,
          netAmount,
          purchasedAt: purchasedAt.toISOString(),
        },
      };
    },

    recordMany,

    async addViews(sentId: string, count: number) {
      const productId = uuidAsStored(sentId);
      const viewCount = await views.add(productId, count);
      if (viewCount === undefined) throw notFound('Product');
      return { productId, viewCount };
    },

    /**
     * A batch of the member site's views, summed by it (a second's worth, say): written at once
     * in one statement, not through the batches of single views, since it is a batch already.
     * Items naming a product that does not exist or is deleted are skipped and counted apart.
     */
    async addViewBatch(
      items: readonly ViewBatchItem[],
    ): Promise<{ accepted: number; unknown: number }> {
      const at = now();
      const today = localDayOf(at, deps.timeZone);
      const checked = items.map((item, index): ViewItem => {
        if (item.day !== undefined && (item.day > today || item.day < earliestViewDay)) {
          throw invalidField(
            `views.${index}.day`,
            'viewDayOutOfRange',
            'Invalid body: day is out of range',
          );
        }
        return {
          productId: item.productId,
          count: item.count,
          day: item.day ?? null,
          source: trafficSource(item.source, item.utmSource),
          campaign: item.utmCampaign ?? '',
          country: item.country ?? '',
        };
      });
      const accepted = await purchases.addViewBatch(checked, at);
      return { accepted, unknown: items.length - accepted };
    },

    /**
     * Recomputes the rollups and every product's sales count from the sales themselves: after
     * a bulk load into the sales table or a change of TIME_ZONE.
     */
    rebuildRollups: () => purchases.rebuildRollups(),
  };
}

export type PurchaseService = ReturnType<typeof createPurchaseService>;
