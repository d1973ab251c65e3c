import { randomUUID } from 'node:crypto';
import type { ConversionResponse } from '@seller/contract/analytics/get-conversion';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, localDayOf } from '../../lib/local-day.ts';
import { insertProduct, sellerIdByEmail } from '../../test/database-rows.ts';
import {
  internalSecret,
  purchase,
  recordPurchase,
  signedPost,
} from '../../test/member-site-calls.ts';
import { bearer, signUpSeller, type TestSeller } from '../../test/sellers.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { conversionOf } from './analytics.service.ts';

let t: TestApp;
let seller: TestSeller;
let sellerId: string;
let today: string;
let yesterday: string;
let ebook: string;
let course: string;

const report = async (query: string, as: TestSeller = seller) => {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/analytics/conversion?${query}`,
    headers: bearer(as.token),
  });
  return response;
};
const reportOf = async (query: string) => {
  const response = await report(query);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ConversionResponse>();
};
const views = (items: Record<string, unknown>[]) =>
  signedPost(t.app, '/api/internal/views', { views: items });
/** Noon of a local day in Seoul, as an instant. */
const noonOf = (day: string) => `${day}T03:00:00.000Z`;

beforeAll(async () => {
  t = await createTestApp({ INTERNAL_API_SECRET: internalSecret });
  seller = await signUpSeller(t.app);
  sellerId = await sellerIdByEmail(t.database.db, seller.email);
  today = localDayOf(new Date(), t.config.timeZone);
  yesterday = addDays(today, -1);
  ebook = await insertProduct(t.database.db, sellerId, { title: 'Ebook' });
  course = await insertProduct(t.database.db, sellerId, { title: 'Course' });

  await views([
    {
      productId: ebook,
      count: 40,
      day: yesterday,
      source: 'naver.com',
      utmCampaign: 'spring',
      country: 'KR',
    },
    {
      productId: ebook,
      count: 10,
      day: today,
      source: 'https://www.baidu.com/s?wd=x',
      country: 'CN',
    },
    { productId: course, count: 2, day: today, utmSource: 'weibo', country: 'CN' },
    { productId: course, count: 8, day: today },
  ]);
  // Two sales from Naver's search (one half refunded), one from Baidu fully refunded, one
  // from Weibo's campaign on the course, one that said nothing.
  const naverSale = await recordPurchase(
    t.app,
    purchase(ebook, {
      amount: 10_000,
      source: 'search.naver.com',
      utmCampaign: 'spring',
      buyerCountry: 'KR',
      purchasedAt: noonOf(yesterday),
    }),
  );
  await recordPurchase(
    t.app,
    purchase(ebook, {
      amount: 20_000,
      utmSource: 'Naver',
      utmCampaign: 'spring',
      buyerCountry: 'KR',
      purchasedAt: noonOf(yesterday),
    }),
  );
  const baiduSale = await recordPurchase(
    t.app,
    purchase(ebook, {
      amount: 5_000,
      source: 'baidu.com',
      buyerCountry: 'CN',
    }),
  );
  await recordPurchase(
    t.app,
    purchase(course, {
      amount: 30_000,
      source: 'weibo.cn',
      utmCampaign: 'launch',
      buyerCountry: 'CN',
    }),
  );
  await recordPurchase(t.app, purchase(course, { amount: 7_000 }));
  for (const [orderId, amount] of [
    [naverSale.orderId, 4_000],
    [baiduSale.orderId, 5_000],
  ] as const) {
    const refund = await signedPost(t.app, '/api/internal/refunds', {
      refundId: `refund-${randomUUID()}`,
      orderId,
      amount,
    });
    expect(refund.statusCode, refund.body).toBe(201);
  }
});
afterAll(async () => {
  await t.close();
});

describe('GET /api/analytics/conversion', () => {
  const period = () => `from=${yesterday}&to=${today}`;

  it('groups views and sales net of refunds by product, conversion per product', async () => {
    const body = await reportOf(`${period()}&groupBy=product`);
    expect(body.rows).toEqual([
      { key: ebook, label: 'Ebook', views: 50, sales: 2, revenue: 26_000, conversion: 0.04 },
      { key: course, label: 'Course', views: 10, sales: 2, revenue: 37_000, conversion: 0.2 },
    ]);
    expect(body.totals).toEqual({ views: 60, sales: 4, revenue: 63_000, conversion: 4 / 60 });
    expect(body).toMatchObject({ from: yesterday, to: today });
  });

  it('counts each sale under its own source, by the same names as the views', async () => {
    const body = await reportOf(`${period()}&groupBy=source`);
    expect(body.rows).toEqual([
      { key: 'Naver', label: 'Naver', views: 40, sales: 2, revenue: 26_000, conversion: 0.05 },
      { key: '', label: '', views: 8, sales: 1, revenue: 7_000, conversion: 0.125 },
      { key: 'Weibo', label: 'Weibo', views: 2, sales: 1, revenue: 30_000, conversion: 0.5 },
      // The fully refunded sale from Baidu is not counted; its views are.
      { key: 'Baidu', label: 'Baidu', views: 10, sales: 0, revenue: 0, conversion: 0 },
    ]);
  });

  it('groups by campaign and by country, a sale without views under a null conversion', async () => {
    const campaigns = await reportOf(`${period()}&groupBy=campaign`);
    expect(campaigns.rows).toEqual([
      { key: 'spring', label: 'spring', views: 40, sales: 2, revenue: 26_000, conversion: 0.05 },
      { key: '', label: '', views: 20, sales: 1, revenue: 7_000, conversion: 0.05 },
      { key: 'launch', label: 'launch', views: 0, sales: 1, revenue: 30_000, conversion: null },
    ]);
    const countries = await reportOf(`${period()}&groupBy=country`);
    expect(countries.rows.map((row) => [row.key, row.views, row.sales])).toEqual([
      ['KR', 40, 2],
      ['CN', 12, 1],
      ['', 8, 1],
    ]);
  });

  it("groups one product's views by source and country, none of another product's", async () => {
    const sources = await reportOf(`${period()}&groupBy=source&productId=${course}`);
    expect(sources.rows.map((row) => [row.key, row.views, row.sales])).toEqual([
      ['', 8, 1],
      ['Weibo', 2, 1],
    ]);
    const countries = await reportOf(`${period()}&groupBy=country&productId=${ebook}`);
    expect(countries.rows.map((row) => [row.key, row.views, row.sales])).toEqual([
      ['KR', 40, 2],
      ['CN', 10, 0],
    ]);
  });

  it('gives every day of the period, oldest first, and caps conversion at 1', async () => {
    const body = await reportOf(
      `from=${addDays(yesterday, -1)}&to=${today}&groupBy=day&productId=${course}`,
    );
    expect(body.rows).toEqual([
      {
        key: addDays(yesterday, -1),
        label: addDays(yesterday, -1),
        views: 0,
        sales: 0,
        revenue: 0,
        conversion: null,
      },
      { key: yesterday, label: yesterday, views: 0, sales: 0, revenue: 0, conversion: null },
      { key: today, label: today, views: 10, sales: 2, revenue: 37_000, conversion: 0.2 },
    ]);
    expect(conversionOf(5, 2)).toBe(1);
    expect(conversionOf(0, 0)).toBeNull();
  });

  it('reads the last 30 days to today by default, and only the period asked for', async () => {
    const body = await reportOf('groupBy=day');
    expect(body.rows).toHaveLength(30);
    expect(body).toMatchObject({ from: addDays(today, -29), to: today });
    // By day, the sales come from the seller's daily rollup: the same figures net of refunds.
    expect(body.totals).toEqual({ views: 60, sales: 4, revenue: 63_000, conversion: 4 / 60 });
    expect(body.rows.find((row) => row.key === yesterday)).toMatchObject({
      views: 40,
      sales: 2,
      revenue: 26_000,
    });
    const onlyToday = await reportOf(`from=${today}&to=${today}`);
    expect(onlyToday.totals).toMatchObject({ views: 20, sales: 2, revenue: 37_000 });
  });

  it("shows nothing of another seller's traffic; another seller's product is 404", async () => {
    const other = await signUpSeller(t.app);
    const body = (await report(period(), other)).json<ConversionResponse>();
    expect(body.rows).toEqual([]);
    expect(body.totals).toEqual({ views: 0, sales: 0, revenue: 0, conversion: null });
    const theirs = await report(`productId=${ebook}`, other);
    const missing = await report(`productId=${randomUUID()}`, other);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json()).toEqual(missing.json());
  });

  it('refuses a bad period or grouping with 400 validation_failed', async () => {
    for (const query of [
      'from=2026-13-01',
      `from=${today}&to=${yesterday}`,
      `from=2024-01-01&to=2025-01-01`,
      'groupBy=week',
      'productId=not-a-uuid',
    ]) {
      const response = await report(query);
      expect(response.statusCode, query).toBe(400);
      expect(response.json()).toMatchObject({ code: 'validation_failed' });
    }
    expect((await report('from=2024-01-01&to=2024-12-31')).statusCode).toBe(200);
  });

  it('answers periods at the first and last days there are', async () => {
    const last = (
      await report('from=9999-12-31&to=9999-12-31&groupBy=day')
    ).json<ConversionResponse>();
    expect(last.rows.map((row) => row.key)).toEqual(['9999-12-31']);
    expect((await report('from=9999-12-20')).json()).toMatchObject({
      from: '9999-12-20',
      to: '9999-12-31',
    });
    expect((await report('to=0001-01-05')).json()).toMatchObject({
      from: '0001-01-01',
      to: '0001-01-05',
    });
    const whole = await report('from=9999-01-01&to=9999-12-31&groupBy=day');
    expect(whole.json<ConversionResponse>().rows).toHaveLength(365);
    expect((await report('from=9998-12-30&to=9999-12-31')).json()).toMatchObject({
      code: 'validation_failed',
      details: [{ path: 'from', code: 'periodTooLong' }],
    });
  });

  it('needs a signed-in seller', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/analytics/conversion' });
    expect(response.statusCode).toBe(401);
  });
});
