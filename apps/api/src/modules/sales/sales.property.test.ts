import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { insertProduct, sellerIdByEmail, setSellerCreatedAt } from '../../test/database-rows.ts';
import {
  internalSecret,
  purchase,
  recordPurchase,
  signedPost,
} from '../../test/member-site-calls.ts';
import { bearer, signUpSeller } from '../../test/sellers.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

/**
 * For random sets of purchases around Asia/Seoul day, week, month and year boundaries: the
 * stats, the daily rows and the by-product rows (all read from rollups) equal sums over the
 * transactions, and both agree with an independent model of the periods written here.
 */

interface Transaction {
  purchase_id: string;
  purchase_date: string;
  product_id: string;
  purchase_price: number;
  commission_amount: number;
  net_amount: number;
}
interface Figures {
  count: number;
  amount: number;
  commission: number;
  net: number;
}

const hour = 3_600_000;
const day = 24 * hour;
/** Seoul has had no daylight saving time since 1988: local time is UTC+9. */
const seoulDate = (ms: number) => new Date(ms + 9 * hour).toISOString().slice(0, 10);
const seoulMidnight = (date: string) => Date.parse(`${date}T00:00:00Z`) - 9 * hour;
const addDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * day).toISOString().slice(0, 10);

/** Seller signed up 2024-08-10 12:00 Seoul: 0 % until 2025-02-10 12:00 Seoul, then 10 %. */
const signedUpAt = Date.parse('2024-08-10T03:00:00Z');
const introEndsAt = Date.parse('2025-02-10T03:00:00Z');

const anchors = [
  Date.parse('2025-02-28T15:30:00Z'), // Seoul 1 March 00:30: a new day and a new month
  Date.parse('2025-03-15T05:00:00Z'), // Seoul 15 March 14:00: the middle of a month
  Date.parse('2025-01-01T14:59:59Z'), // Seoul 1 January 23:59:59: the last second of a day
  Date.parse('2025-02-16T15:00:00Z'), // Seoul 17 February 00:00:00 exactly
];

/** Instants a second either side of the local midnights that bound the periods. */
function boundaries(now: number): number[] {
  const today = seoulDate(now);
  const starts = [
    today,
    addDays(today, 1),
    addDays(today, -6),
    `${today.slice(0, 7)}-01`,
    `${addDays(`${today.slice(0, 7)}-01`, -1).slice(0, 7)}-01`,
  ].map(seoulMidnight);
  return starts.flatMap((start) => [start - 1000, start - 1, start, start + 1000]);
}

const scenario = fc
  .record({
    now: fc.constantFrom(...anchors),
    products: fc.integer({ min: 1, max: 3 }),
    deletedSoldProduct: fc.boolean(),
    purchases: fc.array(
      fc.record({
        product: fc.nat(3),
        amount: fc.integer({ min: 1, max: 5_000_000 }),
        when: fc.oneof(
          fc.integer({ min: 0, max: 70 * 24 * 3600 }).map((seconds) => ({ back: seconds })),
          fc.nat(19).map((boundary) => ({ boundary })),
        ),
      }),
      { maxLength: 22 },
    ),
  })
  .map(({ now, purchases, ...rest }) => ({
    now,
    ...rest,
    purchases: purchases
      .map(({ when, ...item }) => ({
        ...item,
        at: 'back' in when ? now - when.back * 1000 : (boundaries(now)[when.boundary] ?? now),
      }))
      .filter((item) => item.at <= now),
  }));

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ INTERNAL_API_SECRET: internalSecret });
  vi.useFakeTimers({ toFake: ['Date'] });
});
afterAll(async () => {
  await flushDatabaseTimers();
  vi.useRealTimers();
  await t.close();
});

/**
 * These runs move the process's clock (`Date`), which the sales figures' "today" is read from.
 * PGlite's PostgreSQL runs in this process and reads that clock too. When idle
 * with statistics to report it arms a 10-second timer by that clock; moved back under it, the
 * timer asks Node for years, gets 1 ms, and re-arms itself in a busy loop. Reporting the
 * statistics now leaves no such timer armed across the move.
 */
async function flushDatabaseTimers(): Promise<void> {
  await t.database.db.execute(sql`select pg_stat_force_next_flush()`);
}

async function setProcessClock(at: number): Promise<void> {
  await flushDatabaseTimers();
  vi.setSystemTime(at);
}

const sum = (rows: Transaction[]): Figures => ({
  count: rows.length,
  amount: rows.reduce((total, row) => total + row.purchase_price, 0),
  commission: rows.reduce((total, row) => total + row.commission_amount, 0),
  net: rows.reduce((total, row) => total + row.net_amount, 0),
});

describe('sales figures equal sums over the transactions', () => {
  it('for random purchase sets around Asia/Seoul boundaries', async () => {
    await fc.assert(
      fc.asyncProperty(scenario, async ({ now, products, deletedSoldProduct, purchases }) => {
        await setProcessClock(now);
        const seller = await signUpSeller(t.app);
        const sellerId = await sellerIdByEmail(t.database.db, seller.email);
        await setSellerCreatedAt(t.database.db, sellerId, new Date(signedUpAt));
        const productIds: string[] = [];
        for (let index = 0; index < products; index += 1) {
          const status = deletedSoldProduct && index === 0 ? 'deleted' : 'active';
          productIds.push(await insertProduct(t.database.db, sellerId, { status, price: 3 }));
        }
        await Promise.all(
          purchases.map((item) =>
            recordPurchase(
              t.app,
              purchase(productIds[item.product % products] ?? '', {
                amount: item.amount,
                purchasedAt: new Date(item.at).toISOString(),
              }),
            ),
          ),
        );
        const get = async <T>(url: string) => {
          const response = await t.app.inject({ url, headers: bearer(seller.token) });
          expect(response.statusCode).toBe(200);
          return response.json<T>();
        };

        const listed: Record<string, Transaction[]> = {};
        for (const period of ['all', 'today', 'week', 'month']) {
          const rows: Transaction[] = [];
          for (let page = 1; ; page += 1) {
            const body = await get<{
              transactions: Transaction[];
              pagination: { total: number; totalPages: number };
            }>(`/api/products/sales/transactions?period=${period}&limit=7&page=${page}`);
            rows.push(...body.transactions);
            if (page >= body.pagination.totalPages) {
              expect(body.pagination.total).toBe(rows.length);
              expect(body.pagination.totalPages).toBe(Math.ceil(rows.length / 7));
              break;
            }
          }
          const times = rows.map((row) => Date.parse(row.purchase_date));
          expect(times).toEqual([...times].sort((a, b) => b - a));
          listed[period] = rows;
        }
        const all = listed.all ?? [];

        // The model: which purchases fall in which period, and their commission.
        const today = seoulDate(now);
        const inPeriod = {
          all: () => true,
          today: (at: number) => seoulDate(at) === today,
          week: (at: number) => seoulDate(at) >= addDays(today, -6) && seoulDate(at) <= today,
          month: (at: number) => seoulDate(at).slice(0, 7) === today.slice(0, 7),
        };
        for (const [period, test] of Object.entries(inPeriod)) {
          const expected = purchases.filter((item) => test(item.at));
          const rows = listed[period] ?? [];
          expect(rows.length).toBe(expected.length);
          expect(rows.reduce((total, row) => total + row.purchase_price, 0)).toBe(
            expected.reduce((total, item) => total + item.amount, 0),
          );
        }
        const expectedCommission = purchases.reduce(
          (total, item) =>
            total + (item.at < introEndsAt ? 0 : Math.round((item.amount * 1000) / 10_000)),
          0,
        );
        expect(sum(all).commission).toBe(expectedCommission);

        const stats = await get<Record<string, Figures>>('/api/products/stats/sales');
        expect(stats.totalSales).toEqual(sum(all));
        expect(stats.monthlySales).toEqual(sum(listed.month ?? []));
        expect(stats.todaySales).toEqual(sum(listed.today ?? []));

        const { dailySales } = await get<{
          dailySales: { date: string; count: number; amount: number; net: number }[];
        }>('/api/products/stats/sales/daily?days=75');
        expect(dailySales.map((row) => row.date)).toEqual(
          Array.from({ length: 75 }, (_, index) => addDays(today, index - 74)),
        );
        for (const row of dailySales) {
          const { count, amount, net } = sum(
            all.filter((sale) => seoulDate(Date.parse(sale.purchase_date)) === row.date),
          );
          expect({ date: row.date, count, amount, net }).toEqual(row);
        }

        const byProduct = await get<{
          products: {
            productId: string;
            salesCount: number;
            totalRevenue: number;
            netRevenue: number;
            lastSaleDate: string | null;
          }[];
        }>('/api/products/stats/sales/by-product');
        for (const productId of productIds) {
          const sold = all.filter((sale) => sale.product_id === productId);
          const row = byProduct.products.find((item) => item.productId === productId);
          if (deletedSoldProduct && productId === productIds[0] && sold.length === 0) {
            expect(row).toBeUndefined();
            continue;
          }
          expect(row).toEqual({
            productId,
            title: expect.any(String),
            productPrice: 3,
            salesCount: sold.length,
            totalRevenue: sum(sold).amount,
            netRevenue: sum(sold).net,
            lastSaleDate: sold[0]?.purchase_date ?? null,
          });
        }
      }),
      { numRuns: 20 },
    );
    // Twenty databases' worth of purchases: generous on a busy two-core machine.
  }, 180_000);
});

/**
 * Refunds of each purchase, as parts of its amount (per mille, in order): a part that would
 * pass what is left takes all that is left, so some sales end fully refunded.
 */
const refundParts = fc.array(fc.integer({ min: 1, max: 1000 }), { maxLength: 3 });

describe('sales figures are the sales less their refunds', () => {
  it('for random purchases and refunds around Asia/Seoul boundaries', async () => {
    await fc.assert(
      fc.asyncProperty(
        scenario,
        fc.array(refundParts, { minLength: 22, maxLength: 22 }),
        async ({ now, products, purchases }, refundsOf) => {
          await setProcessClock(now);
          const seller = await signUpSeller(t.app);
          const sellerId = await sellerIdByEmail(t.database.db, seller.email);
          await setSellerCreatedAt(t.database.db, sellerId, new Date(signedUpAt));
          const productIds: string[] = [];
          for (let index = 0; index < products; index += 1) {
            productIds.push(await insertProduct(t.database.db, sellerId, { price: 3 }));
          }
          // The model: each sale's day, product, and what is left of it after its refunds.
          const model: { at: number; productId: string; amount: number; net: number }[] = [];
          for (const [index, item] of purchases.entries()) {
            const productId = productIds[item.product % products] ?? '';
            const sold = await recordPurchase(
              t.app,
              purchase(productId, {
                amount: item.amount,
                purchasedAt: new Date(item.at).toISOString(),
              }),
            );
            let left = sold.amount;
            let net = sold.netAmount;
            for (const part of refundsOf[index] ?? []) {
              if (left === 0) break;
              const amount = Math.min(left, Math.max(1, Math.floor((sold.amount * part) / 1000)));
              const response = await signedPost(t.app, '/api/internal/refunds', {
                refundId: `refund-${randomUUID()}`,
                orderId: sold.orderId,
                amount,
                kind: part % 2 === 0 ? 'refund' : 'chargeback',
              });
              expect(response.statusCode, response.body).toBe(201);
              left -= amount;
              net -= response.json<{ refund: { netAmount: number } }>().refund.netAmount;
            }
            // A fully refunded sale gave back all its commission: nothing of it is left.
            if (left === 0) expect(net).toBe(0);
            model.push({ at: item.at, productId, amount: left, net });
          }
          const get = async <T>(url: string) => {
            const response = await t.app.inject({ url, headers: bearer(seller.token) });
            expect(response.statusCode).toBe(200);
            return response.json<T>();
          };
          const figuresOf = (rows: typeof model): Figures => {
            const amount = rows.reduce((total, row) => total + row.amount, 0);
            const net = rows.reduce((total, row) => total + row.net, 0);
            return {
              count: rows.filter((row) => row.amount > 0).length,
              amount,
              commission: amount - net,
              net,
            };
          };

          const today = seoulDate(now);
          const stats = await get<Record<string, Figures>>('/api/products/stats/sales');
          expect(stats.totalSales).toEqual(figuresOf(model));
          expect(stats.monthlySales).toEqual(
            figuresOf(model.filter((row) => seoulDate(row.at).slice(0, 7) === today.slice(0, 7))),
          );
          expect(stats.todaySales).toEqual(
            figuresOf(model.filter((row) => seoulDate(row.at) === today)),
          );

          const { dailySales } = await get<{
            dailySales: { date: string; count: number; amount: number; net: number }[];
          }>('/api/products/stats/sales/daily?days=75');
          for (const row of dailySales) {
            const { count, amount, net } = figuresOf(
              model.filter((sale) => seoulDate(sale.at) === row.date),
            );
            expect({ date: row.date, count, amount, net }).toEqual(row);
          }

          const byProduct = await get<{
            products: {
              productId: string;
              salesCount: number;
              totalRevenue: number;
              netRevenue: number;
            }[];
          }>('/api/products/stats/sales/by-product');
          for (const productId of productIds) {
            const { count, amount, net } = figuresOf(
              model.filter((row) => row.productId === productId),
            );
            expect(byProduct.products.find((item) => item.productId === productId)).toMatchObject({
              salesCount: count,
              totalRevenue: amount,
              netRevenue: net,
            });
          }

          // Every sale is still listed, refunded or not, and the pages add up to all of them.
          const listed: { refunded_amount: number; purchase_price: number; status: string }[] = [];
          for (let page = 1; ; page += 1) {
            const body = await get<{
              transactions: typeof listed;
              pagination: { total: number; totalPages: number };
            }>(`/api/products/sales/transactions?limit=7&page=${page}`);
            listed.push(...body.transactions);
            expect(body.pagination.total).toBe(model.length);
            if (page >= body.pagination.totalPages) break;
          }
          expect(listed).toHaveLength(model.length);
          expect(
            listed.reduce((total, row) => total + row.purchase_price - row.refunded_amount, 0),
          ).toBe(figuresOf(model).amount);
          for (const row of listed) {
            const expected =
              row.refunded_amount === 0
                ? 'paid'
                : row.refunded_amount === row.purchase_price
                  ? 'refunded'
                  : 'partially_refunded';
            expect(row.status).toBe(expected);
          }
        },
      ),
      { numRuns: 10 },
    );
    // Ten databases' worth of purchases and refunds: generous on a busy two-core machine.
  }, 180_000);
});
