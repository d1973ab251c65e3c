import type { ConversionResponse } from '@seller/contract/analytics/get-conversion';
import type { CatalogProductPage } from '@seller/contract/catalog/get-catalog-product';
import type { CustomersResponse } from '@seller/contract/customers/list-customers';
import type { ListDiscountsResponse } from '@seller/contract/discounts/list-discounts';
import type { PayoutBalance } from '@seller/contract/payouts/get-payout-balance';
import type { ListFileVersionsResponse } from '@seller/contract/products/list-file-versions';
import type { MyProductsResponse } from '@seller/contract/products/list-my-products';
import type { ProductDetail } from '@seller/contract/products/product';
import { and, count, eq, sql, sum } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliveries, payouts, refunds, sales } from '../db/schema.ts';
import { bearer } from '../test/sellers.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { type DemoShop, seedDemoShop, shareOfLocalDay } from './demo-shop.ts';

/**
 * The demo shop of `npm run seed:demo`, read back through the seller's screens' calls: buyers
 * and their consents, codes of every status with their uses, refunds, payouts and an exact
 * ledger, downloads of several versions, samples that open, stamped copies, sales and views
 * from the same sources; and a second run beside the first.
 */

let t: TestApp;
let shop: DemoShop;
let token: string;

beforeAll(async () => {
  t = await createTestApp();
  shop = await seedDemoShop(
    { config: t.config, database: t.database },
    { purchases: 400, days: 90 },
  );
  const login = await t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: shop.email, password: shop.password },
  });
  expect(login.statusCode, login.body).toBe(200);
  token = login.json<{ token: string }>().token;
}, 300_000);
afterAll(async () => {
  await t.close();
});

async function get<T>(url: string): Promise<T> {
  const response = await t.app.inject({ url, headers: bearer(token) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<T>();
}

describe('the demo shop', () => {
  it('has buyers with names, countries and languages, who granted, withdrew or never gave consent', async () => {
    const total = async (query: string) =>
      (await get<CustomersResponse>(`/api/customers?limit=1${query}`)).pagination.total;
    const [buyers] = await t.database.db
      .select({ count: sql<number>`count(distinct lower(${sales.customerEmail}))::int` })
      .from(sales)
      .where(eq(sales.sellerId, shop.sellerId));
    expect(await total('')).toBe(buyers?.count);
    const granted = await total('&consent=granted');
    const withdrawn = await total('&consent=withdrawn');
    const none = await total('&consent=none');
    expect(granted).toBeGreaterThan(0);
    expect(withdrawn).toBe(shop.consentsWithdrawn);
    expect(withdrawn).toBeGreaterThan(0);
    expect(none).toBeGreaterThan(granted);
    expect(granted + withdrawn + none).toBe(buyers?.count);

    const korea = await total('&country=KR');
    const china = await total('&country=CN');
    for (const country of ['JP', 'US', 'TW']) {
      expect(await total(`&country=${country}`)).toBeGreaterThan(0);
    }
    expect(korea + china).toBeGreaterThan((buyers?.count ?? 0) / 2);
    const { customers } = await get<CustomersResponse>('/api/customers?limit=50&country=KR');
    expect(customers.filter((customer) => customer.name !== null).length).toBeGreaterThan(0);
    expect(customers.every((customer) => customer.locale === 'ko')).toBe(true);
  });

  it('has codes of every status, percent and fixed, their uses those of the sales that carry them', async () => {
    const discounts = [
      ...(await get<ListDiscountsResponse>('/api/discounts?limit=100')).discounts,
      ...(await get<ListDiscountsResponse>('/api/discounts?limit=100&status=archived')).discounts,
    ];
    const statusOf = Object.fromEntries(discounts.map((found) => [found.code, found.status]));
    expect(statusOf).toMatchObject({
      WELCOME10: 'active',
      KOL15: 'active',
      BLACKFRIDAY25: 'scheduled',
      SPRING3000: 'expired',
      LAUNCH30: 'used_up',
      SUMMER2000: 'archived',
    });
    expect(new Set(discounts.map((found) => found.kind))).toEqual(new Set(['percent', 'fixed']));

    const carried = await t.database.db
      .select({
        code: sales.discountCode,
        count: count(),
        overLimit: sql<number>`count(*) filter (where ${sales.discountOverLimit})::int`,
      })
      .from(sales)
      .where(and(eq(sales.sellerId, shop.sellerId), sql`${sales.discountCode} is not null`))
      .groupBy(sales.discountCode);
    // Every sale used its code within its dates and limit, as the member site let it.
    expect(carried.every((row) => row.overLimit === 0)).toBe(true);
    const bulk = carried.filter((row) => row.code?.startsWith('XHS'));
    for (const discount of discounts) {
      const uses =
        discount.code === 'KOL15'
          ? bulk.reduce((total, row) => total + row.count, 0)
          : (carried.find((row) => row.code === discount.code)?.count ?? 0);
      expect(discount.uses, discount.code).toBe(uses);
    }
    expect(discounts.find((found) => found.code === 'LAUNCH30')?.uses).toBe(30);
    expect(discounts.find((found) => found.code === 'BLACKFRIDAY25')?.uses).toBe(0);

    // The single-use codes: some used once each, the others still free.
    const kol = discounts.find((found) => found.code === 'KOL15');
    expect(kol?.singleUseCodes).toBe(60);
    const csv = await t.app.inject({
      url: `/api/discounts/${kol?.id}/codes/export`,
      headers: bearer(token),
    });
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/)
      .slice(1);
    const used = lines.filter((line) => line.split(',')[1] === '1');
    expect(used.length).toBe(bulk.length);
    expect(used.length).toBeGreaterThan(0);
    expect(used.length).toBeLessThan(lines.length);
  });

  it('has refunds, chargebacks and payouts, its balance exactly its ledger', async () => {
    expect(shop.refunds).toBeGreaterThan(0);
    expect(shop.chargebacks).toBeGreaterThan(0);
    expect(shop.payouts).toBeGreaterThan(0);
    const [sold] = await t.database.db
      .select({ net: sum(sales.netAmount).mapWith(Number) })
      .from(sales)
      .where(eq(sales.sellerId, shop.sellerId));
    const [refunded] = await t.database.db
      .select({ count: count(), net: sum(refunds.netAmount).mapWith(Number) })
      .from(refunds)
      .where(eq(refunds.sellerId, shop.sellerId));
    const [paid] = await t.database.db
      .select({ count: count(), amount: sum(payouts.amount).mapWith(Number) })
      .from(payouts)
      .where(eq(payouts.sellerId, shop.sellerId));
    expect(refunded?.count).toBe(shop.refunds + shop.chargebacks);
    expect(paid?.count).toBe(shop.payouts);
    const { balance, lastPayoutAt } = await get<PayoutBalance>('/api/payouts/balance');
    expect(balance).toBe((sold?.net ?? 0) - (refunded?.net ?? 0) - (paid?.amount ?? 0));
    expect(balance).toBeGreaterThan(0);
    expect(lastPayoutAt).not.toBeNull();
  });

  it('has a file in three versions, each given to buyers, and a product that stamps its PDFs', async () => {
    const { products } = await get<MyProductsResponse>('/api/products/my-products');
    const planner = products.find((found) => found.title.startsWith('Notion Life Planner'));
    const { files } = await get<ProductDetail>(`/api/products/${planner?.id}`);
    const file = files[0];
    expect(file).toMatchObject({ version: 3, versionLabel: '2026.2' });
    const { versions } = await get<ListFileVersionsResponse>(
      `/api/products/${planner?.id}/files/${file?.id}/versions`,
    );
    expect(versions.map((version) => [version.number, version.label])).toEqual([
      [3, '2026.2'],
      [2, '2026 edition'],
      [1, null],
    ]);
    expect(versions.every((version) => version.changelog !== null || version.number === 1)).toBe(
      true,
    );
    expect(versions.every((version) => version.downloads > 0)).toBe(true);

    const stamping = products.filter((found) => found.pdf_stamp);
    expect(stamping.map((found) => found.title)).toEqual([
      '中文商务邮件模板 (Business Email Templates)',
    ]);
    const [stamped] = await t.database.db
      .select({ count: count() })
      .from(deliveries)
      .innerJoin(sales, eq(sales.id, deliveries.saleId))
      .where(and(eq(sales.sellerId, shop.sellerId), eq(deliveries.stamped, true)));
    expect(stamped?.count).toBeGreaterThan(0);
    const [given] = await t.database.db
      .select({ count: count() })
      .from(deliveries)
      .innerJoin(sales, eq(sales.id, deliveries.saleId))
      .where(eq(sales.sellerId, shop.sellerId));
    expect(given?.count).toBe(shop.deliveries);
  });

  it('offers samples that open: a PDF of first pages and a file given away', async () => {
    const { products } = await get<MyProductsResponse>('/api/products/my-products');
    const samples = [];
    for (const product of products) {
      const response = await t.app.inject({
        url: `/api/public/sellers/${shop.nickname}/products/${product.id}`,
      });
      expect(response.statusCode, response.body).toBe(200);
      samples.push(...response.json<CatalogProductPage>().samples);
    }
    expect(samples.map((sample) => sample.kind).sort()).toEqual(['file', 'pdf_pages']);
    expect(samples.find((sample) => sample.kind === 'pdf_pages')?.pages).toBe(2);
    for (const sample of samples) {
      const url = new URL(sample.url, 'http://localhost');
      const response = await t.app.inject({ url: url.pathname + url.search });
      expect(response.statusCode, sample.url).toBe(200);
      expect(response.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      expect(response.rawPayload.length).toBe(sample.size);
    }
  });

  it('has sales and views from the same sources, converting at their own rates', async () => {
    const { rows } = await get<ConversionResponse>('/api/analytics/conversion?groupBy=source');
    const bySource = new Map(rows.map((row) => [row.label, row]));
    for (const source of ['Naver', 'Xiaohongshu', 'Bilibili', 'Weibo', 'Instagram', 'X']) {
      const row = bySource.get(source);
      expect(row?.views, source).toBeGreaterThan(0);
      expect(row?.sales, source).toBeGreaterThan(0);
      expect(row?.conversion ?? 1, source).toBeLessThan(0.1);
    }
    const rates = rows.flatMap((row) => (row.conversion === null ? [] : [row.conversion]));
    expect(new Set(rates.map((rate) => rate.toFixed(4))).size).toBeGreaterThan(3);
  });

  it("has today's views in the share of the day gone by, as its sales", async () => {
    const { rows } = await get<ConversionResponse>('/api/analytics/conversion?groupBy=day');
    const today = rows.at(-1);
    const busiest = Math.max(...rows.slice(0, -1).map((row) => row.views));
    expect(busiest).toBeGreaterThan(0);
    // Read after the seeding: more of the day has gone by now than then (a day that turned
    // since has no views yet).
    const gone = shareOfLocalDay(new Date(), t.config.timeZone);
    expect(today?.views ?? 0).toBeLessThanOrEqual(Math.ceil(busiest * gone * 1.1) + 1);
  });

  it('runs again beside the first, as a seller of its own', async () => {
    const before = await get<PayoutBalance>('/api/payouts/balance');
    const again = await seedDemoShop(
      { config: t.config, database: t.database },
      { purchases: 30, days: 30 },
    );
    expect(again.sellerId).not.toBe(shop.sellerId);
    expect(again.email).toMatch(/^demo-[0-9a-f]{6}@example\.com$/);
    expect(again.purchases).toBe(30);
    expect(await get<PayoutBalance>('/api/payouts/balance')).toEqual(before);
  }, 300_000);
});

describe('the share of a local day gone by', () => {
  it('counts from midnight in the zone given', () => {
    expect(shareOfLocalDay(new Date('2026-11-30T15:00:00Z'), 'Asia/Seoul')).toBe(0);
    expect(shareOfLocalDay(new Date('2026-11-30T16:30:00Z'), 'Asia/Seoul')).toBe(0.0625);
    expect(shareOfLocalDay(new Date('2026-11-30T12:00:00Z'), 'UTC')).toBe(0.5);
    expect(shareOfLocalDay(new Date('2026-11-30T14:59:59Z'), 'Asia/Seoul')).toBeCloseTo(1, 4);
  });
});
