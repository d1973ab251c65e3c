import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertProduct, sellerIdByEmail } from '../../test/database-rows.ts';
import {
  internalSecret,
  purchase,
  recordPurchase,
  signedPost,
} from '../../test/member-site-calls.ts';
import { signUpSeller } from '../../test/sellers.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { within } from '../../test/time-limits.ts';

/**
 * A flash sale's purchases of one product wait for each other on the product's rows; they must
 * not take every connection of the member site's pool while they wait, or every other
 * product's purchases wait behind them (PostgreSQL only: PGlite has one connection). The pool
 * here has five connections, two of them a product's turns.
 */
let t: TestApp;
let flashSellerId: string;
let flashProductId: string;
let otherProductId: string;

beforeAll(async () => {
  t = await createTestApp(
    { INTERNAL_API_SECRET: internalSecret, DATABASE_INGEST_POOL_SIZE: '5' },
    {},
    { ingestPoolSize: 5 },
  );
  const { db } = t.database;
  flashSellerId = await sellerIdByEmail(db, (await signUpSeller(t.app)).email);
  flashProductId = await insertProduct(db, flashSellerId);
  otherProductId = await insertProduct(
    db,
    await sellerIdByEmail(db, (await signUpSeller(t.app)).email),
  );
  // The flash seller's totals row exists, so that it can be held.
  await recordPurchase(t.app, purchase(flashProductId));
});
afterAll(async () => {
  await t.close();
});

describe('a flash sale on one product', () => {
  it('leaves connections for the purchases of other products while its own wait', async () => {
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    let held = () => {};
    const isHeld = new Promise<void>((resolve) => {
      held = resolve;
    });
    // The flash seller's totals held, as a long commit of the product's purchases would.
    const holding = t.database.transaction(async (tx) => {
      await tx.execute(
        sql`select 1 from seller_sales_totals where seller_id = ${flashSellerId} for update`,
      );
      held();
      await released;
    });
    await isHeld;
    const flashSale = Array.from({ length: 8 }, () =>
      signedPost(t.app, '/api/internal/purchases', purchase(flashProductId)),
    );
    try {
      // Give the flash sale's purchases the time to reach the pool.
      await new Promise((resolve) => setTimeout(resolve, 200));
      const other = await within(
        signedPost(t.app, '/api/internal/purchases', purchase(otherProductId)),
        3000,
      );
      expect(other.statusCode, other.body).toBe(201);
    } finally {
      release();
      await holding;
    }
    const answers = await within(Promise.all(flashSale), 5000);
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(8).fill(201));
  });
});
