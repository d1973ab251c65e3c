import { randomUUID } from 'node:crypto';
import type { Discount } from '@seller/contract/discounts/discount';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { discounts } from '../../db/schema.ts';
import { insertProduct, sellerIdByEmail } from '../../test/database-rows.ts';
import { internalSecret, signedPost } from '../../test/member-site-calls.ts';
import { bearer, signUpSeller } from '../../test/sellers.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

/**
 * Redeems and purchases of one code at the same moment, on connections of their own
 * (PostgreSQL only: PGlite has one connection). Held and used together never pass the limit.
 */
let t: TestApp;
let token: string;
let productId: string;

beforeAll(async () => {
  t = await createTestApp({ INTERNAL_API_SECRET: internalSecret });
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

async function createDiscount(body: Record<string, unknown>): Promise<Discount> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/discounts',
    headers: bearer(token),
    payload: body,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ discount: Discount }>().discount;
}

async function discountNow(id: string): Promise<Discount | undefined> {
  const response = await t.app.inject({
    method: 'GET',
    url: '/api/discounts?status=used_up',
    headers: bearer(token),
  });
  return response.json<{ discounts: Discount[] }>().discounts.find((d) => d.id === id);
}

describe('one code redeemed and bought at once', () => {
  it('grants exactly 50 of 64 concurrent redeems of a 50-use code', async () => {
    const code = `RUSH${randomUUID().slice(0, 6)}`.toUpperCase();
    await createDiscount({ code, kind: 'percent', percent: 10, maxUses: 50 });
    const answers = await Promise.all(
      Array.from({ length: 64 }, () =>
        signedPost(t.app, '/api/internal/discounts/redeem', {
          orderId: `order-${randomUUID()}`,
          productId,
          code,
          amount: 10_000,
        }),
      ),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(50);
    const refused = answers.filter((answer) => answer.statusCode !== 201);
    expect(refused).toHaveLength(14);
    for (const answer of refused) {
      expect(answer.statusCode).toBe(409);
      expect(answer.json().code).toBe('discount_used_up');
    }
  });

  it('turns 40 holds bought at once into exactly 40 uses, with revenue and discount given', async () => {
    const code = `BUY${randomUUID().slice(0, 6)}`.toUpperCase();
    const discount = await createDiscount({ code, kind: 'fixed', amount: 1000, maxUses: 40 });
    const orders = Array.from({ length: 40 }, () => `order-${randomUUID()}`);
    for (const orderId of orders) {
      const held = await signedPost(t.app, '/api/internal/discounts/redeem', {
        orderId,
        productId,
        code,
        amount: 5000,
      });
      expect(held.statusCode).toBe(201);
    }
    const bought = await Promise.all(
      orders.map((orderId) =>
        signedPost(t.app, '/api/internal/purchases', {
          orderId,
          productId,
          customerEmail: 'buyer@example.com',
          paymentMethod: 'card',
          amount: 4000,
          listAmount: 5000,
          discountCode: code,
        }),
      ),
    );
    for (const answer of bought) expect(answer.statusCode, answer.body).toBe(201);
    expect(await discountNow(discount.id)).toMatchObject({
      uses: 40,
      revenue: 160_000,
      discountGiven: 40_000,
      status: 'used_up',
    });
  });
});

describe('a redeem beside a purchase of the same code', () => {
  /** Waits until a statement of another connection waits for a row lock. */
  async function someoneWaitsForALock() {
    for (let attempt = 0; attempt < 200; attempt++) {
      const [row] = await t.database.db
        .select({ waiting: sql<number>`count(*)::int` })
        .from(sql`pg_stat_activity`)
        .where(sql`datname = current_database() and wait_event_type = 'Lock'`);
      if ((row?.waiting ?? 0) > 0) return;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    throw new Error('no statement came to wait for a lock');
  }

  it('takes the code before the discount, as a purchase does, so that neither waits on the other in a circle', async () => {
    const code = `PAIR${randomUUID().slice(0, 6)}`.toUpperCase();
    const discount = await createDiscount({ code, kind: 'percent', percent: 10 });
    let redeemed: ReturnType<typeof signedPost> | undefined;
    // A purchase of the code in flight: it holds the code's row and locks the discount's next.
    await t.database.db.transaction(async (tx) => {
      await tx.execute(
        sql`select id from discount_codes where discount_id = ${discount.id} for update`,
      );
      redeemed = signedPost(t.app, '/api/internal/discounts/redeem', {
        orderId: `order-${randomUUID()}`,
        productId,
        code,
        amount: 10_000,
      });
      await someoneWaitsForALock();
      // The redeem waits for the code without holding the discount: the purchase goes on.
      const locked = await tx
        .select({ id: discounts.id })
        .from(discounts)
        .where(eq(discounts.id, discount.id))
        .for('update', { noWait: true });
      expect(locked).toHaveLength(1);
    });
    const answer = await redeemed;
    expect(answer?.statusCode, answer?.body).toBe(201);
  });

  it('lets redeems of a code without a limit go side by side: nothing is counted, nothing waits', async () => {
    const code = `OPEN${randomUUID().slice(0, 6)}`.toUpperCase();
    const discount = await createDiscount({ code, kind: 'percent', percent: 10 });
    // Another redeem of the code in flight: it holds the code's and the discount's rows shared.
    await t.database.db.transaction(async (tx) => {
      await tx.execute(
        sql`select id from discount_codes where discount_id = ${discount.id} for key share`,
      );
      await tx.execute(sql`select id from discounts where id = ${discount.id} for key share`);
      const redeemed = signedPost(t.app, '/api/internal/discounts/redeem', {
        orderId: `order-${randomUUID()}`,
        productId,
        code,
        amount: 10_000,
      });
      const waited = new Promise<'still waiting'>((resolve) =>
        setTimeout(() => resolve('still waiting'), 3000),
      );
      const answer = await Promise.race([redeemed, waited]);
      expect(answer === 'still waiting' ? answer : answer.statusCode).toBe(201);
    });
  });

  it('still makes the redeems of a limited code take turns', async () => {
    const code = `LIMIT${randomUUID().slice(0, 6)}`.toUpperCase();
    const discount = await createDiscount({ code, kind: 'percent', percent: 10, maxUses: 5 });
    let answered = false;
    let redeemed: ReturnType<typeof signedPost> | undefined;
    await t.database.db.transaction(async (tx) => {
      await tx.execute(sql`select id from discounts where id = ${discount.id} for key share`);
      redeemed = signedPost(t.app, '/api/internal/discounts/redeem', {
        orderId: `order-${randomUUID()}`,
        productId,
        code,
        amount: 10_000,
      }).finally(() => {
        answered = true;
      });
      await someoneWaitsForALock();
      expect(answered).toBe(false);
    });
    expect((await redeemed)?.statusCode).toBe(201);
  });
});
