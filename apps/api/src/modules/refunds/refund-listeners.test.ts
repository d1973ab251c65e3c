import { randomUUID } from 'node:crypto';
import { maxPurchaseAmount } from '@seller/contract/limits';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SaleAudience } from '../../db/sale-audience.ts';
import {
  customers,
  productSales,
  refunds,
  salesDaily,
  sellerSalesTotals,
} from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { internalSecret, purchase, recordPurchase } from '../../test/member-site-calls.ts';
import { type SaleChoices, sellerWithChoices } from '../../test/seller-choices.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createRefundRepository } from './refunds.repository.ts';
import { createRefundService, type RefundListener } from './refunds.service.ts';

/**
 * Who hears of a refund comes from one place, the listeners' audiences: a refund nobody hears of
 * is written by one statement without any listener, every other in a transaction with the
 * listeners of its seller. Both ways write the same refund, commission and figures.
 */
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ INTERNAL_API_SECRET: internalSecret });
});
afterAll(async () => {
  await t.close();
});

/** A seller past the introductory months (10 % commission) with these choices and a product. */
const sellerWith = (choices: SaleChoices) =>
  sellerWithChoices(t, choices, new Date('2020-01-01T00:00:00Z'));

/** A listener that notes the orders of the refunds it hears of (queueing nothing). */
function recordingListener(audience: SaleAudience) {
  const heard: string[] = [];
  const listener: RefundListener = {
    audience,
    async afterRefund(_tx, event) {
      heard.push(event.refund.orderId);
      return false;
    },
    afterCommit() {},
  };
  return { listener, heard };
}

const refundService = (listeners: RefundListener[]) =>
  createRefundService({
    refunds: createRefundRepository(t.database, t.config.timeZone),
    listeners,
  });

const refundOf = (orderId: string, amount: number) => ({
  refundId: `refund-${randomUUID()}`,
  orderId,
  amount,
  kind: 'refund' as const,
});

describe('who hears of a refund', () => {
  it('gives each listener the refunds of its audience, and only those', async () => {
    const daily = recordingListener({ kind: 'saleNotifications', choice: 'daily' });
    const refunded = recordingListener({ kind: 'webhookEvent', event: 'sale.refunded' });
    const service = refundService([daily.listener, refunded.listener]);
    const cases: {
      choices: SaleChoices;
      heard: { daily: boolean; refunded: boolean };
    }[] = [
      { choices: { saleNotifications: 'daily' }, heard: { daily: true, refunded: false } },
      { choices: { saleNotifications: 'never' }, heard: { daily: false, refunded: false } },
      {
        choices: { saleNotifications: 'never', webhookEvents: ['sale.refunded'] },
        heard: { daily: false, refunded: true },
      },
      {
        choices: { saleNotifications: 'daily', webhookEvents: ['sale.created', 'sale.refunded'] },
        heard: { daily: true, refunded: true },
      },
      {
        choices: { saleNotifications: 'each', webhookEvents: ['sale.created'] },
        heard: { daily: false, refunded: false },
      },
    ];
    for (const { choices, heard } of cases) {
      const { productId } = await sellerWith(choices);
      const sold = await recordPurchase(t.app, purchase(productId, { amount: 10_000 }));
      const { created, refund } = await service.record(refundOf(sold.orderId, 3_000));
      expect(created).toBe(true);
      expect({
        choices,
        daily: daily.heard.includes(sold.orderId),
        refunded: refunded.heard.includes(sold.orderId),
      }).toEqual({ choices, ...heard });
      // Written once, whichever way, with the commission the statement computed.
      const stored = await t.database.db
        .select()
        .from(refunds)
        .where(eq(refunds.orderId, sold.orderId));
      expect(stored).toHaveLength(1);
      expect(stored[0]?.commissionReturned).toBe(refund.commissionReturned);
    }
  });

  it('writes the same refunds and figures for a seller nobody hears of and one heard', async () => {
    const mail = recordingListener({ kind: 'saleNotifications', choice: 'each' });
    const service = refundService([mail.listener]);
    const purchasedAt = '2026-03-01T03:00:00.000Z';
    // Amounts whose commission × refund passes what a bigint holds are among them.
    const sold = [10_000, maxPurchaseAmount, 7];
    const refundsOfSale = [[3_333, 3_333, 3_334, 1], [maxPurchaseAmount - 1, 1, 1], [7]];

    async function shopOf(saleNotifications: 'daily' | 'each') {
      const seller = await sellerWith({ saleNotifications });
      const answers: unknown[] = [];
      for (const [index, amount] of sold.entries()) {
        const sale = await recordPurchase(
          t.app,
          purchase(seller.productId, { amount, purchasedAt, customerEmail: 'same@example.com' }),
        );
        for (const part of refundsOfSale[index] ?? []) {
          const answer = await service.record(refundOf(sale.orderId, part)).catch((error) => {
            if (error instanceof AppError) return error.code;
            throw error;
          });
          answers.push(
            typeof answer === 'string'
              ? answer
              : {
                  created: answer.created,
                  commissionReturned: answer.refund.commissionReturned,
                  netAmount: answer.refund.netAmount,
                  status: answer.sale.status,
                  refunded: answer.sale.refunded_amount,
                  net: answer.sale.net_amount,
                },
          );
        }
      }
      const { db } = t.database;
      const figures = {
        totals: await db
          .select({
            count: sellerSalesTotals.count,
            refunded: sellerSalesTotals.refundedCount,
            amount: sellerSalesTotals.amount,
            net: sellerSalesTotals.net,
          })
          .from(sellerSalesTotals)
          .where(eq(sellerSalesTotals.sellerId, seller.sellerId)),
        daily: await db
          .select({
            day: salesDaily.day,
            count: salesDaily.count,
            refunded: salesDaily.refundedCount,
            amount: salesDaily.amount,
            net: salesDaily.net,
          })
          .from(salesDaily)
          .where(eq(salesDaily.sellerId, seller.sellerId)),
        product: await db
          .select({
            count: productSales.count,
            amount: productSales.amount,
            net: productSales.net,
          })
          .from(productSales)
          .where(eq(productSales.productId, seller.productId)),
        customer: await db
          .select({ totalNet: customers.totalNet })
          .from(customers)
          .where(eq(customers.sellerId, seller.sellerId)),
      };
      return { answers, figures };
    }

    const quiet = await shopOf('daily');
    expect(mail.heard).toEqual([]);
    const heard = await shopOf('each');
    expect(mail.heard).toHaveLength(6);
    expect(heard).toEqual(quiet);
    expect(quiet.answers).toEqual([
      {
        created: true,
        commissionReturned: 333,
        netAmount: 3_000,
        status: 'partially_refunded',
        refunded: 3_333,
        net: 9_000,
      },
      expect.objectContaining({ commissionReturned: 333, refunded: 6_666 }),
      expect.objectContaining({ commissionReturned: 334, status: 'refunded', refunded: 10_000 }),
      'refund_exceeds_sale',
      // floor(10,000,000,000 × 99,999,999,999 ÷ 100,000,000,000)
      expect.objectContaining({ commissionReturned: 9_999_999_999 }),
      expect.objectContaining({ commissionReturned: 1, status: 'refunded' }),
      'refund_exceeds_sale',
      // A commission of 1 won on 7, all of it back with the refund that empties the sale.
      expect.objectContaining({ commissionReturned: 1, netAmount: 6, status: 'refunded' }),
    ]);
    expect(quiet.figures.totals).toEqual([{ count: 0, refunded: 3, amount: 0, net: 0 }]);
    expect(quiet.figures.customer).toEqual([{ totalNet: 0 }]);
  });
});
