import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertProduct, productCounters, sellerIdByEmail } from '../../test/database-rows.ts';
import { signUpSeller } from '../../test/sellers.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { within } from '../../test/time-limits.ts';
import { createPurchaseRepository } from './purchases.repository.ts';

/**
 * Purchases and product views of the same product at the same moment, on connections of their
 * own (PostgreSQL only: PGlite has one connection). A sale's foreign key to its product takes a
 * key-share lock on the product's row; a batch of views must not lock the row against it.
 */
let t: TestApp;
let sellerId: string;

beforeAll(async () => {
  t = await createTestApp();
  sellerId = await sellerIdByEmail(t.database.db, (await signUpSeller(t.app)).email);
});
afterAll(async () => {
  await t.close();
});

class RolledBack extends Error {}

describe('purchases and product views of one product at once', () => {
  it('writes a batch of views while a sale of the product is being inserted', async () => {
    const productId = await insertProduct(t.database.db, sellerId);
    const purchases = createPurchaseRepository(t.database, t.config.timeZone);
    const purchaseInFlight = t.database.db.transaction(async (tx) => {
      // The sale inserted, not yet committed: its foreign key holds a key-share lock.
      await tx.execute(sql`
        insert into sales (order_id, seller_id, product_id, customer_email, payment_method,
                           amount, commission_rate_bp, commission_amount, net_amount, purchased_at)
        values (${`order-${randomUUID()}`}, ${sellerId}, ${productId}, 'buyer@example.com', 'card',
                1000, 0, 0, 1000, now())`);
      const counts = await within(purchases.addViews(new Map([[productId, 3]]), new Date()), 3000);
      expect(counts.get(productId)).toBe(3);
      throw new RolledBack();
    });
    await expect(purchaseInFlight).rejects.toBeInstanceOf(RolledBack);
    expect(await productCounters(t.database.db, productId)).toEqual({
      salesCount: 0,
      viewCount: 3,
    });
  });
});
