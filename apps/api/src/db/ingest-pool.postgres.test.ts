import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertProduct, sellerIdByEmail } from '../test/database-rows.ts';
import { internalSecret, purchase, signedPost } from '../test/member-site-calls.ts';
import { bearer, signUpSeller } from '../test/sellers.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { within } from '../test/time-limits.ts';

/**
 * The member site's writes wait for connections of their own (PostgreSQL only: PGlite has one
 * connection): a burst of purchases that fills their pool leaves the sellers' pages answering.
 * Each pool here has a single connection.
 */
let t: TestApp;
let token: string;
let productId: string;

beforeAll(async () => {
  t = await createTestApp(
    { INTERNAL_API_SECRET: internalSecret },
    {},
    { poolSize: 1, ingestPoolSize: 1 },
  );
  const seller = await signUpSeller(t.app);
  token = seller.token;
  productId = await insertProduct(
    t.database.db,
    await sellerIdByEmail(t.database.db, seller.email),
  );
});
afterAll(async () => {
  await t.close();
});

describe('the member site’s writes in a pool of their own', () => {
  it('answers a seller’s read while purchases wait for a connection', async () => {
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    // The member site's only connection, busy (as with a flash sale's purchases waiting on the
    // hot product's rows).
    let busy = () => {};
    const isBusy = new Promise<void>((resolve) => {
      busy = resolve;
    });
    const occupied = t.database.ingest.transaction(async (tx) => {
      await tx.execute(sql`select 1`);
      busy();
      await released;
    });
    await isBusy;
    const waiting = signedPost(t.app, '/api/internal/purchases', purchase(productId));

    const read = await within(
      t.app.inject({ method: 'GET', url: '/api/products/my-products', headers: bearer(token) }),
      3000,
    );
    expect(read.statusCode, read.body).toBe(200);

    release();
    await occupied;
    const bought = await within(waiting, 3000);
    expect(bought.statusCode, bought.body).toBe(201);
  });
});
