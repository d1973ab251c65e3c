import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SaleAudience } from '../../db/sale-audience.ts';
import { sales } from '../../db/schema.ts';
import { purchase } from '../../test/member-site-calls.ts';
import { type SaleChoices, sellerWithChoices } from '../../test/seller-choices.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createPurchaseRepository } from './purchases.repository.ts';
import { createPurchaseService, type SaleListener } from './purchases.service.ts';

/**
 * Who hears of a sale comes from one place, the listeners' audiences: a sale nobody hears of is
 * written by one statement without any listener, every other in a transaction with the
 * listeners of its seller. A listener added with its audience is heard whichever way the sale
 * is written; none can be left out by the one-statement purchase.
 */
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

/** A seller with these choices and a product of theirs. */
const sellerWith = (choices: SaleChoices) => sellerWithChoices(t, choices);

/** A listener that notes the sales it hears of (queueing nothing). */
function recordingListener(audience: SaleAudience) {
  const heard: string[] = [];
  const listener: SaleListener = {
    audience,
    async afterSale(_tx, sale) {
      heard.push(sale.orderId);
      return false;
    },
    afterCommit() {},
  };
  return { listener, heard };
}

describe('who hears of a sale', () => {
  it('gives each listener the sales of its audience, and only those', async () => {
    const daily = recordingListener({ kind: 'saleNotifications', choice: 'daily' });
    const productUpdates = recordingListener({ kind: 'webhookEvent', event: 'product.updated' });
    const service = createPurchaseService({
      purchases: createPurchaseRepository(t.database, t.config.timeZone),
      timeZone: t.config.timeZone,
      listeners: [daily.listener, productUpdates.listener],
    });
    const cases: {
      choices: SaleChoices;
      heard: { daily: boolean; productUpdates: boolean };
    }[] = [
      { choices: { saleNotifications: 'daily' }, heard: { daily: true, productUpdates: false } },
      { choices: { saleNotifications: 'never' }, heard: { daily: false, productUpdates: false } },
      {
        choices: { saleNotifications: 'never', webhookEvents: ['product.updated'] },
        heard: { daily: false, productUpdates: true },
      },
      {
        choices: { saleNotifications: 'daily', webhookEvents: ['sale.created', 'product.updated'] },
        heard: { daily: true, productUpdates: true },
      },
      {
        choices: { saleNotifications: 'each', webhookEvents: ['sale.created'] },
        heard: { daily: false, productUpdates: false },
      },
    ];
    for (const { choices, heard } of cases) {
      const { productId } = await sellerWith(choices);
      const order = purchase(productId);
      const { created, sale } = await service.record(order);
      expect(created).toBe(true);
      expect({
        choices,
        daily: daily.heard.includes(order.orderId),
        productUpdates: productUpdates.heard.includes(order.orderId),
      }).toEqual({ choices, ...heard });
      // Written once, whichever way, with the commission the statement computed.
      const stored = await t.database.db
        .select()
        .from(sales)
        .where(eq(sales.orderId, order.orderId));
      expect(stored).toHaveLength(1);
      expect(stored[0]?.commissionAmount).toBe(sale.commissionAmount);
    }
  });

  it('writes a sale nobody hears of without a listener, and a replay answers the same', async () => {
    const mail = recordingListener({ kind: 'saleNotifications', choice: 'each' });
    const service = createPurchaseService({
      purchases: createPurchaseRepository(t.database, t.config.timeZone),
      timeZone: t.config.timeZone,
      listeners: [mail.listener],
    });
    const quiet = await sellerWith({ saleNotifications: 'daily' });
    const order = purchase(quiet.productId);
    const first = await service.record(order);
    const replay = await service.record(order);
    expect(mail.heard).toEqual([]);
    expect(first.created).toBe(true);
    expect(replay).toEqual({ created: false, sale: first.sale });

    const mailed = await sellerWith({ saleNotifications: 'each' });
    const mailedOrder = purchase(mailed.productId);
    await service.record(mailedOrder);
    await service.record(mailedOrder);
    expect(mail.heard).toEqual([mailedOrder.orderId]);
  });
});
