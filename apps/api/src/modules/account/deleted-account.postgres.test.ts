import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { sellerIdByEmail } from '../../test/database-rows.ts';
import { internalSecret, purchase, signedPost } from '../../test/member-site-calls.ts';
import { createProductFor } from '../../test/seller-products.ts';
import { bearer, signUpSeller } from '../../test/sellers.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

/**
 * The deletion and the seller's row, on connections of their own (PostgreSQL only: PGlite has
 * one connection). The deletion holds the row locked until it commits: a purchase arriving
 * meanwhile must wait for it and then see the account gone; the password is checked before
 * the row is locked, never while it is.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ INTERNAL_API_SECRET: internalSecret });
});
afterAll(async () => {
  await t.close();
});

it('refuses with 404 a purchase that reached a deletion still in progress', async () => {
  const seller = await signUpSeller(t.app);
  const sellerId = await sellerIdByEmail(t.database.db, seller.email);
  const { product } = await createProductFor(t.app, seller.token, 'Sold as the account goes');

  let commit = () => {};
  const committing = new Promise<void>((resolve) => {
    commit = resolve;
  });
  let erased = () => {};
  const erasing = new Promise<void>((resolve) => {
    erased = resolve;
  });
  // What the deletion does to the seller's row: locks it, then marks it deleted.
  const deletion = t.database.db.transaction(async (tx) => {
    await tx.execute(sql`select id from sellers where id = ${sellerId} for update`);
    await tx.execute(
      sql`update sellers set deleted_at = now(), email = null where id = ${sellerId}`,
    );
    erased();
    await committing;
  });
  await erasing;

  let answered = false;
  const late = signedPost(t.app, '/api/internal/purchases', purchase(product.id)).finally(() => {
    answered = true;
  });
  await new Promise((resolve) => setTimeout(resolve, 300));
  expect(answered).toBe(false);
  commit();
  await deletion;

  const response = await late;
  expect(response.statusCode, response.body).toBe(404);
  expect(response.json()).toMatchObject({ code: 'not_found' });
});

it('checks the password before it locks the account: a wrong one is answered while the row is held', async () => {
  const seller = await signUpSeller(t.app);
  const sellerId = await sellerIdByEmail(t.database.db, seller.email);
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let held = () => {};
  const holding = new Promise<void>((resolve) => {
    held = resolve;
  });
  // Another change of the account (a profile update, say) holds its row.
  const other = t.database.db.transaction(async (tx) => {
    await tx.execute(sql`update sellers set updated_at = now() where id = ${sellerId}`);
    held();
    await released;
  });
  await holding;
  try {
    const answer = await Promise.race([
      t.app.inject({
        method: 'DELETE',
        url: '/api/auth/account',
        headers: bearer(seller.token),
        payload: { password: 'not-the-password' },
      }),
      new Promise<'waiting'>((resolve) => setTimeout(() => resolve('waiting'), 3000)),
    ]);
    expect(answer === 'waiting' ? answer : answer.json()).toMatchObject({
      code: 'wrong_password',
    });
  } finally {
    release();
    await other;
  }
});
