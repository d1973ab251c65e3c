import { randomUUID } from 'node:crypto';
import type { RecordPayoutResponse } from '@seller/contract/internal/record-payout';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  expectPayoutBalanceAgrees,
  payOut,
  sellerWithBank,
  untilSomeoneWaits,
} from '../../test/ledger-calls.ts';
import { internalSecret, purchase, recordPurchase } from '../../test/member-site-calls.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createRefundRepository } from './refunds.repository.ts';

/**
 * A refund written and not yet committed while a payout of the same seller is recorded, on
 * connections of their own (PostgreSQL only: PGlite has one connection).
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ INTERNAL_API_SECRET: internalSecret });
});
afterAll(async () => {
  await t.close();
});

describe('a refund written while a payout is recorded', () => {
  it('waits for a refund already written and counts it in the payout it answers', async () => {
    const seller = await sellerWithBank(t);
    const sale = await recordPurchase(t.app, purchase(seller.productId));
    const refunds = createRefundRepository(t.database, t.config.timeZone);
    let payout: Promise<RecordPayoutResponse> | undefined;
    await refunds.refundsHeardBy([]).transaction(async (writes) => {
      const found = await writes.lockSaleOfOrder(sale.orderId);
      if (!found) throw new Error('the sale is missing');
      const recorded = await writes.recordRefund({
        refundId: `refund-${randomUUID()}`,
        orderId: sale.orderId,
        kind: 'refund',
        amount: 5_000,
        reason: null,
        refundedAt: null,
        now: new Date(),
      });
      if (!recorded) throw new Error('the refund was not recorded');
      // The refund is written, not yet committed: the payout must wait for it.
      payout = payOut(t, seller, 1_000);
      await untilSomeoneWaits(t);
    });
    if (!payout) throw new Error('no payout was recorded');
    const recorded = await payout;
    expect(recorded.balance).toBe(13_500 - 4_500 - 1_000);
    const statement = await expectPayoutBalanceAgrees(t, seller, recorded);
    expect(statement.refunds.count).toBe(1);
  });
});
