import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { holdLedgerForPayout } from '../../db/ledger-order.ts';
import { sales } from '../../db/schema.ts';
import { rowsOf } from '../../db/sql-values.ts';
import {
  expectPayoutBalanceAgrees,
  payOut,
  payoutStatement,
  sellerWithBank,
  untilSomeoneWaits,
} from '../../test/ledger-calls.ts';
import {
  internalSecret,
  purchase,
  recordPurchase,
  signedPost,
} from '../../test/member-site-calls.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

/**
 * Payouts recorded while a sale or refund of the same seller is on its way, on connections of
 * their own (PostgreSQL only: PGlite has one connection). A statement never changes once its
 * payout is recorded, and the balance the payout answered and mailed is its statement's closing
 * balance and its ledger entry's `balanceAfter`.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ INTERNAL_API_SECRET: internalSecret });
});
afterAll(async () => {
  await t.close();
});

describe('a sale or refund on its way while a payout is recorded', () => {
  it('puts a refund that commits after the payout in the next statement, though it began first', async () => {
    const seller = await sellerWithBank(t);
    const kept = await recordPurchase(t.app, purchase(seller.productId));
    const refunded = await recordPurchase(t.app, purchase(seller.productId));
    expect(kept.netAmount + refunded.netAmount).toBe(27_000);

    // Another transaction holds the sale's row: the refund's transaction begins and waits.
    // The refund is sent only once the row is held, or it could take the row first.
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    let held = () => {};
    const rowHeld = new Promise<void>((resolve) => {
      held = resolve;
    });
    const holder = t.database.transaction(async (tx) => {
      await tx.execute(sql`select id from sales where order_id = ${refunded.orderId} for update`);
      held();
      await released;
    });
    await rowHeld;
    const refund = signedPost(t.app, '/api/internal/refunds', {
      refundId: `refund-${randomUUID()}`,
      orderId: refunded.orderId,
      amount: 15_000,
      kind: 'chargeback',
    });
    await untilSomeoneWaits(t);

    const first = await payOut(t, seller, 10_000);
    expect(first.balance).toBe(17_000);
    release();
    await holder;
    expect((await refund).statusCode).toBe(201);

    const firstStatement = await expectPayoutBalanceAgrees(t, seller, first);
    expect(firstStatement.refunds.count).toBe(0);
    expect(firstStatement.sales.count).toBe(2);

    const second = await payOut(t, seller, 1_000);
    expect(second.balance).toBe(17_000 - 13_500 - 1_000);
    const secondStatement = await expectPayoutBalanceAgrees(t, seller, second);
    expect(secondStatement.openingBalance).toBe(17_000);
    expect(secondStatement.refunds).toEqual({
      count: 1,
      amount: 15_000,
      commissionReturned: 1_500,
      net: 13_500,
    });
    // The statement recorded first still reads as it did.
    expect(await payoutStatement(t, seller, first.payout.id)).toEqual(firstStatement);
  });

  it('places a sale made while a payout is being recorded after the payout', async () => {
    const seller = await sellerWithBank(t);
    let placedAt: Date | undefined;
    const sale = t.database.transaction(async (tx) => {
      await tx.execute(holdLedgerForPayout(seller.id));
      const [row] = rowsOf<{ at: Date | string }>(
        await tx.execute(sql`select clock_timestamp() as at`),
      );
      placedAt = row ? new Date(row.at) : undefined;
      // Wrapped: the transaction must end before the purchase it holds back can.
      const held = { purchase: recordPurchase(t.app, purchase(seller.productId)) };
      await untilSomeoneWaits(t);
      return held;
    });
    const recorded = await (await sale).purchase;
    const [row] = await t.database.db
      .select({ createdAt: sales.createdAt })
      .from(sales)
      .where(eq(sales.orderId, recorded.orderId));
    expect(placedAt).toBeDefined();
    expect(row?.createdAt.getTime()).toBeGreaterThan(placedAt?.getTime() ?? Number.NaN);
  });
});
