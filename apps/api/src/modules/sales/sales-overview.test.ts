import type { SalesOverview } from '@seller/contract/sales/get-sales-overview';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertProduct, sellerIdByEmail } from '../../test/database-rows.ts';
import {
  internalSecret,
  purchase,
  recordPurchase,
  recordRefund,
} from '../../test/member-site-calls.ts';
import { bearer, signUpSeller, type TestSeller } from '../../test/sellers.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

const day = 86_400_000;
let t: TestApp;
let seller: TestSeller;
let stranger: TestSeller;
const titles = ['Brushes', 'Presets', 'Fonts', 'Templates'] as const;
const productIds: Record<string, string> = {};
/** Sales as [product, amount, days ago]: inside the last 30 days, in the 30 before, older. */
const sales: [(typeof titles)[number], number, number][] = [
  ['Brushes', 10_000, 0],
  ['Brushes', 12_000, 3],
  ['Presets', 30_000, 10],
  ['Fonts', 5_000, 20],
  ['Templates', 1_000, 25],
  ['Templates', 2_000, 27],
  ['Presets', 7_000, 40],
  ['Fonts', 9_000, 50],
  ['Brushes', 50_000, 90],
];
const within = (from: number, to: number) =>
  sales.filter(([, , ago]) => ago >= from && ago <= to).map(([, amount]) => amount);
const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);

beforeAll(async () => {
  t = await createTestApp({ INTERNAL_API_SECRET: internalSecret });
  seller = await signUpSeller(t.app);
  stranger = await signUpSeller(t.app);
  const id = await sellerIdByEmail(t.database.db, seller.email);
  for (const title of titles) productIds[title] = await insertProduct(t.database.db, id, { title });
  const now = Date.now();
  // Oldest first, each a minute apart within its day, so that "latest" has one order.
  for (const [index, [title, amount, ago]] of [...sales].reverse().entries()) {
    await recordPurchase(
      t.app,
      purchase(productIds[title] ?? '', {
        amount,
        purchasedAt: new Date(now - ago * day - (sales.length - index) * 60_000).toISOString(),
      }),
    );
  }
  const foreign = await insertProduct(
    t.database.db,
    await sellerIdByEmail(t.database.db, stranger.email),
    { title: 'Foreign' },
  );
  await recordPurchase(t.app, purchase(foreign, { amount: 999_000 }));
});
afterAll(async () => {
  await t.close();
});

async function overview(token: string): Promise<SalesOverview> {
  const response = await t.app.inject({
    url: '/api/products/stats/sales/overview',
    headers: bearer(token),
  });
  expect(response.statusCode).toBe(200);
  return response.json<SalesOverview>();
}

describe('GET /api/products/stats/sales/overview', () => {
  it('sums the last 30 days and the 30 before, net beside gross', async () => {
    const body = await overview(seller.token);
    expect(body.windowDays).toBe(30);
    const current = sum(within(0, 27));
    const previous = sum(within(40, 50));
    // A seller in the first six months pays no commission.
    expect(body.current).toEqual({ count: 6, amount: current, commission: 0, net: current });
    expect(body.previous).toEqual({ count: 2, amount: previous, commission: 0, net: previous });
  });

  it('gives the current window day by day, ending today, zero days included', async () => {
    const body = await overview(seller.token);
    expect(body.daily).toHaveLength(30);
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Seoul' }).format(new Date());
    expect(body.daily.at(-1)?.date).toBe(today);
    expect(sum(body.daily.map((row) => row.amount))).toBe(body.current.amount);
    expect(sum(body.daily.map((row) => row.count))).toBe(6);
    expect(body.daily.filter((row) => row.count === 0).length).toBeGreaterThan(20);
  });

  it('names the three products with the most revenue of all time', async () => {
    const body = await overview(seller.token);
    expect(body.topProducts.map((row) => [row.title, row.totalRevenue, row.salesCount])).toEqual([
      ['Brushes', 72_000, 3],
      ['Presets', 37_000, 2],
      ['Fonts', 14_000, 2],
    ]);
    expect(body.topProducts[0]).toMatchObject({ productPrice: 12, netRevenue: 72_000 });
  });

  it('leaves out of the best products one whose only sale was refunded in full', async () => {
    const fresh = await signUpSeller(t.app);
    const id = await sellerIdByEmail(t.database.db, fresh.email);
    const kept = await insertProduct(t.database.db, id, { title: 'Kept' });
    const refunded = await insertProduct(t.database.db, id, { title: 'Refunded' });
    await recordPurchase(t.app, purchase(kept, { amount: 3_000 }));
    const sale = await recordPurchase(t.app, purchase(refunded, { amount: 8_000 }));
    await recordRefund(t.app, sale.orderId, 8_000);
    const body = await overview(fresh.token);
    expect(body.topProducts.map((row) => [row.title, row.salesCount])).toEqual([['Kept', 1]]);
  });

  it('lists the five latest sales, newest first', async () => {
    const body = await overview(seller.token);
    expect(body.latestSales.map((row) => [row.product_title, row.purchase_price])).toEqual(
      sales.slice(0, 5).map(([title, amount]) => [title, amount]),
    );
  });

  it('is all zeros and empty lists for a seller without sales', async () => {
    const fresh = await signUpSeller(t.app);
    const body = await overview(fresh.token);
    const zero = { count: 0, amount: 0, commission: 0, net: 0 };
    expect(body).toMatchObject({ current: zero, previous: zero, topProducts: [], latestSales: [] });
    expect(body.daily).toHaveLength(30);
  });

  it("holds only the seller's own sales, and needs a token", async () => {
    const theirs = await overview(stranger.token);
    expect(theirs.current.amount).toBe(999_000);
    expect(theirs.topProducts.map((row) => row.title)).toEqual(['Foreign']);
    expect(theirs.latestSales.map((row) => row.product_title)).toEqual(['Foreign']);
    const mine = await overview(seller.token);
    expect(mine.latestSales.map((row) => row.product_title)).not.toContain('Foreign');
    const anonymous = await t.app.inject({ url: '/api/products/stats/sales/overview' });
    expect(anonymous.statusCode).toBe(401);
  });

  it('shows a new sale at once', async () => {
    const before = await overview(seller.token);
    await recordPurchase(t.app, purchase(productIds.Templates ?? '', { amount: 4_000 }));
    const after = await overview(seller.token);
    expect(after.current.amount).toBe(before.current.amount + 4_000);
    expect(after.latestSales[0]).toMatchObject({
      product_title: 'Templates',
      purchase_price: 4_000,
    });
  });
});
