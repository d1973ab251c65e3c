import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  productSales,
  products,
  sales,
  salesDaily,
  sellerSalesTotals,
  sellers,
} from '../../db/schema.ts';
import { parseRows } from '../../db/sql-values.ts';
import { signInternalRequest } from '../../lib/internal-signature.ts';
import {
  insertProduct,
  productCounters,
  sellerIdByEmail,
  setSellerCreatedAt,
} from '../../test/database-rows.ts';
import {
  internalSecret,
  purchase,
  recordPurchase,
  signedPost,
} from '../../test/member-site-calls.ts';
import { bearer, signUpSeller } from '../../test/sellers.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createPurchaseRepository } from './purchases.repository.ts';
import { toRecordedSale } from './purchases.service.ts';

let t: TestApp;
let token: string;
let sellerId: string;
let productId: string;

beforeAll(async () => {
  t = await createTestApp({ INTERNAL_API_SECRET: internalSecret });
  const seller = await signUpSeller(t.app);
  token = seller.token;
  sellerId = await sellerIdByEmail(t.database.db, seller.email);
  productId = await insertProduct(t.database.db, sellerId, { title: 'Guide', price: 10 });
});
afterAll(async () => {
  await t.close();
});

const purchasesUrl = '/api/internal/purchases';
const nowSeconds = () => Math.floor(Date.now() / 1000);

async function salesOfOrder(orderId: string) {
  return t.database.db.select().from(sales).where(eq(sales.orderId, orderId));
}

describe('POST /api/internal/purchases: signature', () => {
  it('records a sale with a valid signature (201) and returns it', async () => {
    const payload = purchase(productId, { amount: 13_500 });
    const response = await signedPost(t.app, purchasesUrl, payload);
    expect(response.statusCode).toBe(201);
    expect(response.json().sale).toMatchObject({
      orderId: payload.orderId,
      productId,
      amount: 13_500,
      commissionRate: 0,
      commissionAmount: 0,
      netAmount: 13_500,
      purchaseId: expect.any(String),
    });
  });

  const body = () => JSON.stringify(purchase(productId));
  it.each([
    ['missing', () => null],
    ['empty', () => ''],
    ['malformed', () => 'not-a-signature'],
    ['without v1', () => `t=${nowSeconds()}`],
    ['without t', (raw: string) => signInternalRequest(internalSecret, raw).replace(/^t=\d+,/, '')],
    ['with a non-hex v1', () => `t=${nowSeconds()},v1=${'z'.repeat(64)}`],
    ['with a short v1', () => `t=${nowSeconds()},v1=abcd`],
    ['signed with another secret', (raw: string) => signInternalRequest(`${internalSecret}x`, raw)],
    [
      'stale (6 minutes old)',
      (raw: string) => signInternalRequest(internalSecret, raw, nowSeconds() - 360),
    ],
    [
      'from the future (6 minutes ahead)',
      (raw: string) => signInternalRequest(internalSecret, raw, nowSeconds() + 360),
    ],
  ])('refuses a %s signature with 401 and stores nothing', async (_name, sign) => {
    const raw = body();
    const signature = sign(raw);
    const response = await t.app.inject({
      method: 'POST',
      url: purchasesUrl,
      headers: {
        'content-type': 'application/json',
        ...(signature === null ? {} : { 'x-signature': signature }),
      },
      payload: raw,
    });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ code: 'unauthorized' });
    const { orderId } = JSON.parse(raw) as { orderId: string };
    expect(await salesOfOrder(orderId)).toHaveLength(0);
  });

  it('refuses an old signature replayed over a body with another order id', async () => {
    const original = purchase(productId);
    const first = await signedPost(t.app, purchasesUrl, original);
    expect(first.statusCode).toBe(201);
    const signature = signInternalRequest(internalSecret, JSON.stringify(original));
    const forged = { ...original, orderId: `order-${randomUUID()}` };
    const response = await signedPost(t.app, purchasesUrl, forged, { signature });
    expect(response.statusCode).toBe(401);
    expect(await salesOfOrder(forged.orderId)).toHaveLength(0);
  });

  it('refuses a body changed after signing (amount raised)', async () => {
    const payload = purchase(productId, { amount: 1000 });
    const signature = signInternalRequest(internalSecret, JSON.stringify(payload));
    const response = await signedPost(
      t.app,
      purchasesUrl,
      { ...payload, amount: 1_000_000 },
      {
        signature,
      },
    );
    expect(response.statusCode).toBe(401);
  });

  it('accepts a signature made 4 minutes ago (inside the window)', async () => {
    const response = await signedPost(t.app, purchasesUrl, purchase(productId), {
      timestamp: nowSeconds() - 240,
    });
    expect(response.statusCode).toBe(201);
  });

  it('is not a seller API: a seller token is no signature', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: purchasesUrl,
      headers: bearer(token),
      payload: purchase(productId),
    });
    expect(response.statusCode).toBe(401);
  });
});

describe('internal API without INTERNAL_API_SECRET', () => {
  it('answers 404 for purchases and views, signed or not', async () => {
    const bare = await createTestApp();
    try {
      const payload = purchase(productId);
      for (const url of [purchasesUrl, `/api/internal/products/${productId}/views`]) {
        const signed = await signedPost(bare.app, url, payload);
        expect(signed.statusCode).toBe(404);
        const unsigned = await signedPost(bare.app, url, payload, { signature: null });
        expect(unsigned.statusCode).toBe(404);
      }
    } finally {
      await bare.close();
    }
  });
});

describe('POST /api/internal/purchases: idempotency', () => {
  it('stores one sale and counts it once when 20 identical requests race', async () => {
    const product = await insertProduct(t.database.db, sellerId);
    const payload = purchase(product, { purchasedAt: new Date().toISOString() });
    const responses = await Promise.all(
      Array.from({ length: 20 }, () => signedPost(t.app, purchasesUrl, payload)),
    );
    const statuses = responses.map((response) => response.statusCode).sort();
    expect(statuses).toEqual([200, ...Array(19).fill(200), 201].slice(1).sort());
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    const ids = new Set(responses.map((response) => response.json().sale.purchaseId));
    expect(ids.size).toBe(1);
    expect(await salesOfOrder(payload.orderId)).toHaveLength(1);
    expect((await productCounters(t.database.db, product)).salesCount).toBe(1);
    const byProduct = await t.app.inject({
      url: '/api/products/stats/sales/by-product',
      headers: bearer(token),
    });
    const row = byProduct
      .json<{ products: { productId: string; salesCount: number; totalRevenue: number }[] }>()
      .products.find((p) => p.productId === product);
    expect(row).toMatchObject({ salesCount: 1, totalRevenue: payload.amount });
  });

  it("counts a product's sales in its rollup and leaves the product row unwritten", async () => {
    const product = await insertProduct(t.database.db, sellerId);
    const rowVersion = async () => {
      const result = await t.database.db.execute(
        sql`select xmin::text as version from ${products} where id = ${product}`,
      );
      return parseRows(z.object({ version: z.string() }), result)[0]?.version;
    };
    const before = await rowVersion();
    for (let i = 0; i < 3; i++) {
      expect((await signedPost(t.app, purchasesUrl, purchase(product))).statusCode).toBe(201);
    }
    // No purchase rewrites the product's row, so none waits on a batch of views locking it.
    expect(await rowVersion()).toBe(before);
    const detail = await t.app.inject({ url: `/api/products/${product}`, headers: bearer(token) });
    expect(detail.json().product).toMatchObject({ id: product, sales_count: 3 });
    const list = await t.app.inject({ url: '/api/products/my-products', headers: bearer(token) });
    const listed = list
      .json<{ products: { id: string; sales_count: number }[] }>()
      .products.find((item) => item.id === product);
    expect(listed).toMatchObject({ sales_count: 3 });
  });

  it('answers a replay with 200 and the stored sale, even without purchasedAt', async () => {
    const payload = purchase(productId);
    const first = await signedPost(t.app, purchasesUrl, payload);
    expect(first.statusCode).toBe(201);
    const before = await productCounters(t.database.db, productId);
    const replay = await signedPost(t.app, purchasesUrl, payload);
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toEqual(first.json());
    expect(await productCounters(t.database.db, productId)).toEqual(before);
  });

  it('answers a new sale exactly as it is stored, a time given to the microsecond included', async () => {
    const payload = purchase(productId, {
      amount: 12_345,
      customerEmail: '구매자.买家@example.com',
      paymentMethod: 'alipay',
      purchasedAt: '2025-03-01T10:20:30.123456Z',
    });
    const first = await signedPost(t.app, purchasesUrl, payload);
    expect(first.statusCode).toBe(201);
    const [stored] = await salesOfOrder(payload.orderId);
    if (!stored) throw new Error('the sale was not stored');
    expect(first.json().sale).toEqual(toRecordedSale(stored));
    expect(first.json().sale.purchasedAt).toBe('2025-03-01T10:20:30.123Z');
    const replay = await signedPost(t.app, purchasesUrl, payload);
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toEqual(first.json());
  });

  it.each([
    ['another amount', { amount: 99_999 }],
    ['another customer', { customerEmail: 'someone.else@example.com' }],
    ['another payment method', { paymentMethod: 'alipay' }],
    ['another purchase time', { purchasedAt: '2024-01-01T00:00:00.000Z' }],
  ])('answers the same order id with %s with 409 conflict', async (_name, change) => {
    const payload = purchase(productId, { purchasedAt: '2025-01-01T00:00:00.000Z' });
    expect((await signedPost(t.app, purchasesUrl, payload)).statusCode).toBe(201);
    const response = await signedPost(t.app, purchasesUrl, { ...payload, ...change });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: 'conflict' });
    const stored = await salesOfOrder(payload.orderId);
    expect(stored).toHaveLength(1);
    expect(stored[0]?.amount).toBe(payload.amount);
  });

  it('takes a product id sent in capitals as the stored one: its replay is 200', async () => {
    const product = await insertProduct(t.database.db, sellerId);
    const payload = purchase(product.toUpperCase());
    const first = await signedPost(t.app, purchasesUrl, payload);
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json().sale.productId).toBe(product);
    for (const replayed of [payload, { ...payload, productId: product }]) {
      const replay = await signedPost(t.app, purchasesUrl, replayed);
      expect(replay.statusCode, replay.body).toBe(200);
      expect(replay.json()).toEqual(first.json());
    }
    expect((await productCounters(t.database.db, product)).salesCount).toBe(1);
  });

  it('answers the same order id for another product with 409', async () => {
    const other = await insertProduct(t.database.db, sellerId);
    const payload = purchase(productId);
    expect((await signedPost(t.app, purchasesUrl, payload)).statusCode).toBe(201);
    const response = await signedPost(t.app, purchasesUrl, { ...payload, productId: other });
    expect(response.statusCode).toBe(409);
    expect((await productCounters(t.database.db, other)).salesCount).toBe(0);
  });
});

describe('POST /api/internal/purchases: input', () => {
  it('answers 404 for a product that does not exist, and stores nothing', async () => {
    const payload = purchase(randomUUID());
    const response = await signedPost(t.app, purchasesUrl, payload);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: 'not_found' });
    expect(await salesOfOrder(payload.orderId)).toHaveLength(0);
  });

  it('records a sale of a deleted product (bought before it left the shop)', async () => {
    const deleted = await insertProduct(t.database.db, sellerId, { status: 'deleted' });
    expect((await signedPost(t.app, purchasesUrl, purchase(deleted))).statusCode).toBe(201);
  });

  it.each([
    ['a zero amount', { amount: 0 }],
    ['a negative amount', { amount: -100 }],
    ['a fractional amount', { amount: 100.5 }],
    ['an amount as text', { amount: '100' }],
    ['an empty order id', { orderId: '' }],
    ['an order id with spaces inside', { orderId: 'order 1' }],
    ['an order id too long', { orderId: 'o'.repeat(129) }],
    ['a product id that is not a uuid', { productId: 'abc' }],
    ['a bad customer email', { customerEmail: 'nobody' }],
    ['no payment method', { paymentMethod: '' }],
    ['a bad purchasedAt', { purchasedAt: 'yesterday' }],
    [
      'a purchasedAt ten minutes ahead',
      { purchasedAt: new Date(Date.now() + 600_000).toISOString() },
    ],
    ['a purchasedAt before 2000', { purchasedAt: '1999-12-31T23:59:59Z' }],
  ])('refuses %s with 400', async (_name, change) => {
    const payload = { ...purchase(productId), ...change };
    const response = await signedPost(t.app, purchasesUrl, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'validation_failed' });
    expect(await salesOfOrder(String(payload.orderId))).toHaveLength(0);
  });

  it('refuses malformed JSON with 400 before anything else', async () => {
    const raw = '{"orderId": ';
    const response = await t.app.inject({
      method: 'POST',
      url: purchasesUrl,
      headers: {
        'content-type': 'application/json',
        'x-signature': signInternalRequest(internalSecret, raw),
      },
      payload: raw,
    });
    expect(response.statusCode).toBe(400);
  });
});

describe('commission', () => {
  async function sellerSignedUpAt(createdAt: string, saleNotifications?: 'each') {
    const seller = await signUpSeller(t.app);
    const id = await sellerIdByEmail(t.database.db, seller.email);
    await setSellerCreatedAt(t.database.db, id, new Date(createdAt));
    if (saleNotifications) {
      await t.database.db.update(sellers).set({ saleNotifications }).where(eq(sellers.id, id));
    }
    return { product: await insertProduct(t.database.db, id), token: seller.token };
  }

  // A seller mailed for each sale has their sales recorded in a transaction with the mail, the
  // others' in one statement: both ways give the same commission.
  it.each([
    { way: 'in one statement', notifications: undefined },
    { way: 'with a mail for each sale', notifications: 'each' },
  ] as const)(
    'is 0 % within six months of signup and 10 % after, rounded to whole won: $way',
    async ({ notifications }) => {
      // Signed up 2024-08-10 12:00 in Seoul: the introductory rate ends 2025-02-10 12:00 Seoul.
      const { product } = await sellerSignedUpAt('2024-08-10T03:00:00Z', notifications);
      const cases = [
        ['2024-08-10T03:00:00.000Z', 0],
        ['2025-02-10T02:59:59.999Z', 0],
        ['2025-02-10T03:00:00.000Z', 1000],
        ['2025-06-01T00:00:00.000Z', 1000],
      ] as const;
      for (const [purchasedAt, rate] of cases) {
        const response = await signedPost(
          t.app,
          purchasesUrl,
          purchase(product, { purchasedAt, amount: 12_345 }),
        );
        expect(response.statusCode).toBe(201);
        const commission = rate === 0 ? 0 : 1235;
        expect(response.json().sale).toMatchObject({
          commissionRate: rate,
          commissionAmount: commission,
          netAmount: 12_345 - commission,
        });
      }
    },
  );

  it('follows calendar months: signup on 31 August ends the offer on 28 February', async () => {
    // 2024-08-31 10:00 Seoul + 6 months = 2025-02-28 10:00 Seoul (01:00Z).
    const { product } = await sellerSignedUpAt('2024-08-31T01:00:00Z');
    const at = async (purchasedAt: string) =>
      (await signedPost(t.app, purchasesUrl, purchase(product, { purchasedAt }))).json().sale
        .commissionRate;
    expect(await at('2025-02-28T00:59:59Z')).toBe(0);
    expect(await at('2025-02-28T01:00:00Z')).toBe(1000);
  });

  it('shows gross, commission and net in the stats', async () => {
    const { product, token: owner } = await sellerSignedUpAt('2020-01-01T00:00:00Z');
    await recordPurchase(t.app, purchase(product, { amount: 10_000 }));
    await recordPurchase(t.app, purchase(product, { amount: 5_005 }));
    const stats = await t.app.inject({ url: '/api/products/stats/sales', headers: bearer(owner) });
    expect(stats.json().totalSales).toEqual({
      count: 2,
      amount: 15_005,
      commission: 1000 + 501,
      net: 15_005 - 1501,
    });
  });
});

describe('POST /api/internal/products/{id}/views', () => {
  const viewsUrl = (id: string) => `/api/internal/products/${id}/views`;

  it('adds one view for {} and a batch for {count}', async () => {
    const product = await insertProduct(t.database.db, sellerId);
    const one = await signedPost(t.app, viewsUrl(product), {});
    expect(one.statusCode).toBe(200);
    expect(one.json()).toEqual({ productId: product, viewCount: 1 });
    const batch = await signedPost(t.app, viewsUrl(product), { count: 5 });
    expect(batch.json()).toEqual({ productId: product, viewCount: 6 });
    expect((await productCounters(t.database.db, product)).viewCount).toBe(6);
  });

  it('counts the views of a product id sent in capitals', async () => {
    const product = await insertProduct(t.database.db, sellerId);
    const response = await signedPost(t.app, viewsUrl(product.toUpperCase()), { count: 2 });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ productId: product, viewCount: 2 });
    expect((await productCounters(t.database.db, product)).viewCount).toBe(2);
  });

  it('adds one view for a signed request without a body', async () => {
    const product = await insertProduct(t.database.db, sellerId);
    const response = await t.app.inject({
      method: 'POST',
      url: viewsUrl(product),
      headers: { 'x-signature': signInternalRequest(internalSecret, '') },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ productId: product, viewCount: 1 });
  });

  it('counts every one of concurrent views', async () => {
    const product = await insertProduct(t.database.db, sellerId);
    await Promise.all(Array.from({ length: 10 }, () => signedPost(t.app, viewsUrl(product), {})));
    expect((await productCounters(t.database.db, product)).viewCount).toBe(10);
  });

  it('answers 404 for an unknown product and 400 for a bad count', async () => {
    expect((await signedPost(t.app, viewsUrl(randomUUID()), {})).statusCode).toBe(404);
    expect((await signedPost(t.app, viewsUrl('not-a-uuid'), {})).statusCode).toBe(400);
    expect((await signedPost(t.app, viewsUrl(productId), { count: 0 })).statusCode).toBe(400);
    expect((await signedPost(t.app, viewsUrl(productId), { count: 1.5 })).statusCode).toBe(400);
  });

  it('starts batches no more often than VIEW_BATCH_INTERVAL_MS', async () => {
    const slow = await createTestApp({
      INTERNAL_API_SECRET: internalSecret,
      VIEW_BATCH_INTERVAL_MS: '150',
    });
    try {
      const seller = await signUpSeller(slow.app);
      const product = await insertProduct(
        slow.database.db,
        await sellerIdByEmail(slow.database.db, seller.email),
      );
      const started = performance.now();
      // One view after another, each sent once the last is answered.
      expect((await signedPost(slow.app, viewsUrl(product), {})).json()).toEqual({
        productId: product,
        viewCount: 1,
      });
      expect((await signedPost(slow.app, viewsUrl(product), {})).json()).toEqual({
        productId: product,
        viewCount: 2,
      });
      // The second batch waited for the interval after the first (timers may be 1 ms early).
      expect(performance.now() - started).toBeGreaterThanOrEqual(148);
    } finally {
      await slow.close();
    }
  });

  it('refuses an unsigned or stale view with 401', async () => {
    expect((await signedPost(t.app, viewsUrl(productId), {}, { signature: null })).statusCode).toBe(
      401,
    );
    const stale = await signedPost(
      t.app,
      viewsUrl(productId),
      {},
      {
        timestamp: nowSeconds() - 301,
      },
    );
    expect(stale.statusCode).toBe(401);
  });
});

describe('rebuilding the sales rollups', () => {
  it('gives the same figures, net of refunds, as the purchases and refunds kept', async () => {
    const hour = 3_600_000;
    const first = await recordPurchase(
      t.app,
      purchase(productId, {
        amount: 7_000,
        purchasedAt: new Date(Date.now() - 30 * hour).toISOString(),
      }),
    );
    const second = await recordPurchase(t.app, purchase(productId, { amount: 3_000 }));
    for (const [orderId, amount, kind] of [
      [first.orderId, 2_500, 'refund'],
      [second.orderId, 3_000, 'chargeback'],
    ] as const) {
      const response = await signedPost(t.app, '/api/internal/refunds', {
        refundId: `refund-${randomUUID()}`,
        orderId,
        amount,
        kind,
      });
      expect(response.statusCode, response.body).toBe(201);
    }
    const snapshot = async () => ({
      daily: await t.database.db
        .select()
        .from(salesDaily)
        .orderBy(salesDaily.sellerId, salesDaily.day),
      perProduct: await t.database.db.select().from(productSales).orderBy(productSales.productId),
      totals: await t.database.db
        .select()
        .from(sellerSalesTotals)
        .orderBy(sellerSalesTotals.sellerId),
    });
    const before = await snapshot();
    expect(before.totals.find((row) => row.sellerId === sellerId)).toMatchObject({
      refundedCount: 1,
    });
    await createPurchaseRepository(t.database, t.config.timeZone).rebuildRollups();
    expect(await snapshot()).toEqual(before);
  });
});

describe('OpenAPI', () => {
  it('documents the internal and sales endpoints', async () => {
    const response = await t.app.inject({ url: '/api/docs/json' });
    const paths = Object.keys(response.json<{ paths: Record<string, unknown> }>().paths);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/api/internal/purchases',
        '/api/internal/products/{id}/views',
        '/api/products/stats/sales',
        '/api/products/sales/transactions',
        '/api/products/stats/sales/daily',
        '/api/products/stats/sales/by-product',
        '/api/products/sales/export',
        '/api/auth/settlement-info',
      ]),
    );
  });
});
