import type { SaleDetail } from '@seller/contract/sales/get-sale';
import type { SalesByProductResponse } from '@seller/contract/sales/get-sales-by-product';
import {
  salesOverviewLatestSales,
  salesOverviewSchema,
  salesOverviewTopProducts,
} from '@seller/contract/sales/get-sales-overview';
import {
  type Transaction,
  type TransactionsResponse,
  transactionSchema,
  transactionsResponseSchema,
} from '@seller/contract/sales/get-transactions';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertProduct, sellerIdByEmail } from '../../test/database-rows.ts';
import {
  internalSecret,
  purchase,
  recordPurchase,
  recordRefund,
} from '../../test/member-site-calls.ts';
import { bearer, signUpSeller } from '../../test/sellers.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

/**
 * The transactions list is written as JSON by PostgreSQL; every other answer that shows a sale
 * (the sale's own page among them) is written by the server from the sale's row. The two must
 * spell every sale alike, whatever its state: refunded in part or in full, free with a code,
 * over its code's limit, with or without the buyer's fields, downloaded, with text that JSON
 * must escape.
 */
let t: TestApp;
let token: string;
const sold: { orderId: string; purchaseId: string }[] = [];

const awkwardTitle = 'Guide "Deluxe" \\ 한국어 가이드 — 中文 😀 \u0001 tab\there\nnew line';

beforeAll(async () => {
  t = await createTestApp({ INTERNAL_API_SECRET: internalSecret });
  const seller = await signUpSeller(t.app);
  token = seller.token;
  const sellerId = await sellerIdByEmail(t.database.db, seller.email);
  const awkward = await insertProduct(t.database.db, sellerId, { title: awkwardTitle });
  const plain = await insertProduct(t.database.db, sellerId, { title: 'Plain' });
  const base = Date.now() - 3_600_000;
  const orders = [
    purchase(awkward, { amount: 12_345, customerEmail: 'o\'brien+"x"@example.com' }),
    purchase(plain, {
      amount: 9_000,
      listAmount: 10_000,
      discountCode: 'welcome10',
      buyerCountry: 'kr',
      buyerLocale: 'ko',
      buyerName: '김민준',
      marketingConsent: true,
      source: 'naver.com',
      utmSource: 'naver',
      utmMedium: 'cpc',
      utmCampaign: '봄 세일 "2026"',
    }),
    purchase(plain, { amount: 0, discountCode: 'FREE100', buyerCountry: 'CN', buyerLocale: 'zh' }),
    purchase(awkward, { amount: 20_000, source: 'xiaohongshu' }),
    purchase(plain, { amount: 7_000 }),
    purchase(awkward, { amount: 1 }),
  ];
  for (const [index, order] of orders.entries()) {
    const sale = await recordPurchase(t.app, {
      ...order,
      // A millisecond apart and out of order, so that the list's order is tested too.
      purchasedAt: new Date(base + ((index * 7) % orders.length) * 1001 + index).toISOString(),
    });
    sold.push({ orderId: order.orderId, purchaseId: sale.purchaseId });
  }
  const [first, , , fourth, fifth] = sold;
  if (!first || !fourth || !fifth) throw new Error('sales missing');
  await recordRefund(t.app, first.orderId, 2_000);
  await recordRefund(t.app, fourth.orderId, 15_000);
  await recordRefund(t.app, fourth.orderId, 5_000, 'chargeback');
  // Downloaded at a time with microseconds, which the answer writes to the millisecond.
  await t.database.db.execute(
    sql`update sales set download_count = 3,
          last_download_at = '2026-03-04 05:06:07.891234+00'
        where id = ${fifth.purchaseId}`,
  );
}, 60_000);

afterAll(async () => {
  await t?.close();
});

async function list(query: string): Promise<TransactionsResponse> {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/products/sales/transactions?${query}`,
    headers: bearer(token),
  });
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
  // Exactly the contract's fields, no more.
  return transactionsResponseSchema
    .extend({ transactions: transactionSchema.strict().array() })
    .strict()
    .parse(response.json());
}

async function saleAlone(purchaseId: string): Promise<Transaction> {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/products/sales/${purchaseId}`,
    headers: bearer(token),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<SaleDetail>().sale;
}

describe('the transactions list written by PostgreSQL', () => {
  it('spells every sale as its own page does, newest first', async () => {
    const { transactions, pagination } = await list('page=1&limit=50');
    expect(pagination).toEqual({ total: sold.length, page: 1, limit: 50, totalPages: 1 });
    expect(transactions.map((sale) => sale.purchase_id).sort()).toEqual(
      sold.map((sale) => sale.purchaseId).sort(),
    );
    for (const listed of transactions) {
      expect(listed).toEqual(await saleAlone(listed.purchase_id));
    }
    const times = transactions.map((sale) => sale.purchase_date);
    expect(times).toEqual([...times].sort().reverse());
    // The states this set was made to cover.
    expect(new Set(transactions.map((sale) => sale.status))).toEqual(
      new Set(['paid', 'partially_refunded', 'refunded']),
    );
    expect(transactions.some((sale) => sale.product_title === awkwardTitle)).toBe(true);
    expect(transactions.some((sale) => sale.discount_over_limit)).toBe(true);
    expect(transactions.some((sale) => sale.last_download_at === '2026-03-04T05:06:07.891Z')).toBe(
      true,
    );
  });

  it('writes the deeper pages alike, and an empty page past the last', async () => {
    const whole = (await list('page=1&limit=50')).transactions;
    const pages = [];
    for (let page = 1; page <= 3; page++) {
      const body = await list(`page=${page}&limit=2`);
      expect(body.pagination).toEqual({ total: sold.length, page, limit: 2, totalPages: 3 });
      pages.push(...body.transactions);
    }
    expect(pages).toEqual(whole);
    expect((await list('page=4&limit=2')).transactions).toEqual([]);
  });

  it("writes the dashboard's latest sales and best sellers as the lists show them", async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/products/stats/sales/overview',
      headers: bearer(token),
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    const overview = salesOverviewSchema
      .extend({ latestSales: transactionSchema.strict().array() })
      .strict()
      .parse(response.json());
    const { transactions } = await list('page=1&limit=50');
    expect(overview.latestSales).toEqual(transactions.slice(0, salesOverviewLatestSales));
    const byProduct = await t.app.inject({
      method: 'GET',
      url: '/api/products/stats/sales/by-product',
      headers: bearer(token),
    });
    const best = byProduct
      .json<SalesByProductResponse>()
      .products.filter((product) => product.salesCount > 0)
      .slice(0, salesOverviewTopProducts);
    expect(overview.topProducts).toEqual(best);
    // Every sale of this seller is within the current window: net of refunds, and none before.
    const sold = transactions.filter((sale) => sale.status !== 'refunded');
    expect(overview.current.count).toBe(sold.length);
    expect(overview.current.amount).toBe(
      sold.reduce((sum, sale) => sum + sale.purchase_price - sale.refunded_amount, 0),
    );
    expect(overview.previous).toEqual({ count: 0, amount: 0, commission: 0, net: 0 });
    expect(overview.daily).toHaveLength(overview.windowDays);
    expect(overview.daily.reduce((sum, day) => sum + day.count, 0)).toBe(sold.length);
  });

  it('answers an empty list as JSON for a seller who never sold', async () => {
    const other = await signUpSeller(t.app);
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/products/sales/transactions',
      headers: bearer(other.token),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      transactions: [],
      pagination: { total: 0, page: 1, limit: 20, totalPages: 0 },
    });
  });
});
