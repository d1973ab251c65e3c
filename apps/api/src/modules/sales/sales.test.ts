import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { csvField } from '../../lib/csv.ts';
import { insertProduct, sellerIdByEmail } from '../../test/database-rows.ts';
import { internalSecret, purchase, recordPurchase } from '../../test/member-site-calls.ts';
import { bearer, signUpSeller } from '../../test/sellers.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createSalesRepository } from './sales.repository.ts';
import { createSalesService } from './sales.service.ts';

interface Transaction {
  purchase_id: string;
  purchase_date: string;
  order_id: string;
  product_title: string;
  customer_email: string;
  payment_method: string;
  purchase_price: number;
  status: string;
  refunded_amount: number;
}
interface TransactionsBody {
  transactions: Transaction[];
  pagination: { total: number; page: number; limit: number; totalPages: number };
}

let t: TestApp;
let owner: { token: string; id: string };
let stranger: { token: string; id: string };
let mainProduct: string;
const saleCount = 45;
const trickyTitle = 'Guide, "Deluxe" 한국어 가이드';

beforeAll(async () => {
  t = await createTestApp({ INTERNAL_API_SECRET: internalSecret });
  const a = await signUpSeller(t.app);
  const b = await signUpSeller(t.app);
  owner = { token: a.token, id: await sellerIdByEmail(t.database.db, a.email) };
  stranger = { token: b.token, id: await sellerIdByEmail(t.database.db, b.email) };
  mainProduct = await insertProduct(t.database.db, owner.id, { title: trickyTitle, price: 25 });
  const second = await insertProduct(t.database.db, owner.id, { title: 'Second', price: 5 });
  await insertProduct(t.database.db, owner.id, { title: 'Never sold' });
  await insertProduct(t.database.db, owner.id, { title: 'Deleted unsold', status: 'deleted' });
  const now = Date.now();
  // Every 8 hours back over 15 days; three sales share one instant (ties broken by id).
  for (let index = 0; index < saleCount; index += 1) {
    const at = index >= 10 && index < 13 ? now - 10 * 8 * 3_600_000 : now - index * 8 * 3_600_000;
    await recordPurchase(
      t.app,
      purchase(index % 3 === 0 ? second : mainProduct, {
        amount: 1000 + index,
        purchasedAt: new Date(at).toISOString(),
        customerEmail: index === 0 ? '=cmd@example.com' : `buyer${index}@example.com`,
      }),
    );
  }
  // The stranger sells too, so that leaks would show.
  const foreign = await insertProduct(t.database.db, stranger.id, { title: 'Foreign' });
  await recordPurchase(t.app, purchase(foreign, { amount: 777 }));
});
afterAll(async () => {
  await t.close();
});

const get = (url: string, token: string) => t.app.inject({ url, headers: bearer(token) });

async function allTransactions(token: string, period = 'all'): Promise<Transaction[]> {
  const response = await get(`/api/products/sales/transactions?limit=100&period=${period}`, token);
  return response.json<TransactionsBody>().transactions;
}

describe('GET /api/products/sales/transactions', () => {
  it('defaults to page 1 of 20, period all, newest first', async () => {
    const response = await get('/api/products/sales/transactions', owner.token);
    expect(response.statusCode).toBe(200);
    const body = response.json<TransactionsBody>();
    expect(body.pagination).toEqual({ total: saleCount, page: 1, limit: 20, totalPages: 3 });
    expect(body.transactions).toHaveLength(20);
    const dates = body.transactions.map((row) => row.purchase_date);
    expect([...dates].sort().reverse()).toEqual(dates);
    expect(body.transactions[0]).toMatchObject({
      product_title: expect.any(String),
      customer_email: '=cmd@example.com',
      payment_method: 'card',
      purchase_price: 1000,
      status: 'paid',
      refunded_amount: 0,
    });
  });

  it('pages add up to the whole list: no gap, no repeat, ties broken stably', async () => {
    const whole = await allTransactions(owner.token);
    expect(whole).toHaveLength(saleCount);
    for (const limit of [1, 7, 20, 44, 45]) {
      const seen: Transaction[] = [];
      const totalPages = Math.ceil(saleCount / limit);
      for (let page = 1; page <= totalPages; page += 1) {
        const body = (
          await get(`/api/products/sales/transactions?page=${page}&limit=${limit}`, owner.token)
        ).json<TransactionsBody>();
        expect(body.pagination).toEqual({ total: saleCount, page, limit, totalPages });
        expect(body.transactions).toHaveLength(
          page < totalPages ? limit : saleCount - limit * (totalPages - 1),
        );
        seen.push(...body.transactions);
      }
      expect(seen.map((row) => row.purchase_id)).toEqual(whole.map((row) => row.purchase_id));
    }
  });

  it('a page past the end is empty with the right pagination', async () => {
    for (const page of [4, 1000, 1_000_000_000]) {
      const response = await get(`/api/products/sales/transactions?page=${page}`, owner.token);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        transactions: [],
        pagination: { total: saleCount, page, limit: 20, totalPages: 3 },
      });
    }
  });

  it('a seller without sales gets an empty first page with 0 pages', async () => {
    const fresh = await signUpSeller(t.app);
    const response = await get('/api/products/sales/transactions', fresh.token);
    expect(response.json()).toEqual({
      transactions: [],
      pagination: { total: 0, page: 1, limit: 20, totalPages: 0 },
    });
  });

  it('filters by period and counts only that period', async () => {
    const whole = await allTransactions(owner.token);
    for (const period of ['today', 'week', 'month']) {
      const response = await get(
        `/api/products/sales/transactions?period=${period}&limit=100`,
        owner.token,
      );
      const body = response.json<TransactionsBody>();
      expect(body.pagination.total).toBe(body.transactions.length);
      const ids = new Set(body.transactions.map((row) => row.purchase_id));
      expect(whole.filter((row) => ids.has(row.purchase_id))).toEqual(body.transactions);
    }
    const week = (await allTransactions(owner.token, 'week')).length;
    expect(week).toBeGreaterThan(0);
    expect(week).toBeLessThan(saleCount);
  });

  it('lists one local day with `day`, which replaces the period', async () => {
    const whole = await allTransactions(owner.token);
    // The local day (Asia/Seoul, UTC+9) of each sale, as the server's time zone counts it.
    const localDay = (iso: string) =>
      new Date(Date.parse(iso) + 9 * 3_600_000).toISOString().slice(0, 10);
    const days = [...new Set(whole.map((row) => localDay(row.purchase_date)))];
    expect(days.length).toBeGreaterThan(3);
    for (const day of days.slice(0, 4)) {
      const response = await get(
        `/api/products/sales/transactions?day=${day}&period=today&limit=100`,
        owner.token,
      );
      expect(response.statusCode).toBe(200);
      const body = response.json<TransactionsBody>();
      const expected = whole.filter((row) => localDay(row.purchase_date) === day);
      expect(body.transactions).toEqual(expected);
      expect(body.pagination.total).toBe(expected.length);
    }
    const empty = await get('/api/products/sales/transactions?day=2001-01-01', owner.token);
    expect(empty.json<TransactionsBody>().pagination.total).toBe(0);
    for (const day of ['2026-13-01', '20261124', 'today', '2026-02-30']) {
      const refused = await get(`/api/products/sales/transactions?day=${day}`, owner.token);
      expect(refused.statusCode, day).toBe(400);
      expect(refused.json().details[0]).toMatchObject({ path: 'day', code: 'dayInvalid' });
    }
  });
});

describe('query bounds are 400, never 500', () => {
  it.each([
    '/api/products/sales/transactions?limit=0',
    '/api/products/sales/transactions?limit=101',
    '/api/products/sales/transactions?limit=abc',
    '/api/products/sales/transactions?limit=-5',
    '/api/products/sales/transactions?limit=2.5',
    '/api/products/sales/transactions?limit=',
    '/api/products/sales/transactions?page=0',
    '/api/products/sales/transactions?page=-1',
    '/api/products/sales/transactions?page=abc',
    '/api/products/sales/transactions?page=1e40',
    '/api/products/sales/transactions?period=year',
    '/api/products/sales/transactions?period=',
    '/api/products/sales/transactions?period=ALL',
    '/api/products/stats/sales/daily?days=0',
    '/api/products/stats/sales/daily?days=366',
    '/api/products/stats/sales/daily?days=abc',
    '/api/products/stats/sales/daily?days=-1',
    '/api/products/sales/export?period=year',
  ])('%s', async (url) => {
    const response = await get(url, owner.token);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'validation_failed' });
  });

  it.each([
    '/api/products/sales/transactions?limit=100&page=1',
    '/api/products/sales/transactions?limit=1',
    '/api/products/stats/sales/daily?days=365',
    '/api/products/stats/sales/daily?days=1',
  ])('%s is accepted', async (url) => {
    expect((await get(url, owner.token)).statusCode).toBe(200);
  });
});

describe('integer query parameters are plain digits', () => {
  it.each([
    ['page', '0x10'],
    ['page', '1.0'],
    ['page', '1e1'],
    ['page', '%201'],
    ['page', '1%20'],
    ['page', '02'],
    ['page', '2&page=3'],
    ['limit', '%2B5'],
    ['limit', '5.'],
    ['limit', '0b101'],
  ])('refuses %s=%s', async (name, value) => {
    const response = await get(`/api/products/sales/transactions?${name}=${value}`, owner.token);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'validation_failed',
      details: [{ path: name, code: `${name}Invalid` }],
    });
  });

  it.each(['0x10', '7.0', '%2B7', '%207'])('refuses days=%s', async (value) => {
    const response = await get(`/api/products/stats/sales/daily?days=${value}`, owner.token);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ details: [{ path: 'days', code: 'daysInvalid' }] });
  });

  it('reads page=2 and limit=5 as numbers, and defaults what is left out', async () => {
    const response = await get('/api/products/sales/transactions?page=2&limit=5', owner.token);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ pagination: { page: 2, limit: 5 } });
    const defaults = await get('/api/products/sales/transactions', owner.token);
    expect(defaults.json()).toMatchObject({ pagination: { page: 1, limit: 20 } });
    const days = await get('/api/products/stats/sales/daily?days=7', owner.token);
    expect(days.json<{ dailySales: unknown[] }>().dailySales).toHaveLength(7);
  });
});

const salesRoutes = [
  '/api/products/stats/sales',
  '/api/products/sales/transactions',
  '/api/products/stats/sales/daily',
  '/api/products/stats/sales/by-product',
  '/api/products/sales/export',
];

describe('each seller sees only their own sales', () => {
  it.each(salesRoutes)('%s needs a token', async (url) => {
    const response = await t.app.inject({ url });
    expect(response.statusCode).toBe(401);
  });

  it("stats count only the seller's sales", async () => {
    const mine = (await get('/api/products/stats/sales', owner.token)).json();
    expect(mine.totalSales.count).toBe(saleCount);
    const theirs = (await get('/api/products/stats/sales', stranger.token)).json();
    expect(theirs.totalSales).toEqual({ count: 1, amount: 777, commission: 0, net: 777 });
    expect(theirs.todaySales.count).toBe(1);
  });

  it("transactions, daily, by-product and export hold only the seller's rows", async () => {
    const theirs = await allTransactions(stranger.token);
    expect(theirs.map((row) => row.product_title)).toEqual(['Foreign']);
    const daily = (await get('/api/products/stats/sales/daily', stranger.token)).json<{
      dailySales: { count: number; amount: number }[];
    }>().dailySales;
    expect(daily.reduce((sum, row) => sum + row.count, 0)).toBe(1);
    expect(daily.reduce((sum, row) => sum + row.amount, 0)).toBe(777);
    const byProduct = (await get('/api/products/stats/sales/by-product', stranger.token)).json();
    expect(byProduct.products.map((row: { title: string }) => row.title)).toEqual(['Foreign']);
    const csv = (await get('/api/products/sales/export', stranger.token)).body;
    expect(csv).toContain('Foreign');
    expect(csv).not.toContain('Guide');
    const mineCsv = (await get('/api/products/sales/export', owner.token)).body;
    expect(mineCsv).not.toContain('Foreign');
  });
});

describe('GET /api/products/stats/sales/daily', () => {
  it('has one row per day, oldest first, ending today, zero days included', async () => {
    const body = (await get('/api/products/stats/sales/daily?days=20', owner.token)).json<{
      dailySales: { date: string; count: number; amount: number }[];
    }>();
    expect(body.dailySales).toHaveLength(20);
    const dates = body.dailySales.map((row) => row.date);
    for (const date of dates) expect(date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    for (let i = 1; i < dates.length; i += 1) {
      const gap = Date.parse(`${dates[i]}T00:00:00Z`) - Date.parse(`${dates[i - 1]}T00:00:00Z`);
      expect(gap).toBe(86_400_000);
    }
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Seoul' }).format(new Date());
    expect(dates.at(-1)).toBe(today);
    expect(body.dailySales.reduce((sum, row) => sum + row.count, 0)).toBe(saleCount);
    expect(body.dailySales.some((row) => row.count === 0)).toBe(true);
    const defaults = (await get('/api/products/stats/sales/daily', owner.token)).json();
    expect(defaults.dailySales).toHaveLength(30);
  });
});

describe('GET /api/products/stats/sales/by-product', () => {
  it('lists every live product with its sales, null last sale when none, deleted unsold left out', async () => {
    const body = (await get('/api/products/stats/sales/by-product', owner.token)).json<{
      products: {
        title: string;
        productPrice: number;
        salesCount: number;
        totalRevenue: number;
        lastSaleDate: string | null;
      }[];
    }>();
    expect(body.products.map((row) => row.title)).toEqual([trickyTitle, 'Second', 'Never sold']);
    const whole = await allTransactions(owner.token);
    const main = whole.filter((row) => row.product_title === trickyTitle);
    expect(body.products[0]).toMatchObject({
      productPrice: 25,
      salesCount: main.length,
      totalRevenue: main.reduce((sum, row) => sum + row.purchase_price, 0),
      lastSaleDate: main[0]?.purchase_date,
    });
    expect(body.products[2]).toMatchObject({ salesCount: 0, totalRevenue: 0, lastSaleDate: null });
  });

  it('keeps a deleted product that has sales', async () => {
    const seller = await signUpSeller(t.app);
    const id = await sellerIdByEmail(t.database.db, seller.email);
    const gone = await insertProduct(t.database.db, id, { title: 'Gone', status: 'deleted' });
    await recordPurchase(t.app, purchase(gone, { amount: 500 }));
    const body = (await get('/api/products/stats/sales/by-product', seller.token)).json();
    expect(body.products).toEqual([
      expect.objectContaining({ title: 'Gone', salesCount: 1, totalRevenue: 500 }),
    ]);
  });
});

/** A small RFC 4180 reader for the test. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i];
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      row.push(field);
      field = '';
    } else if (char === '\r' && text[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i += 1;
    } else field += char;
  }
  if (field !== '' || row.length > 0) rows.push([...row, field]);
  return rows;
}

describe('GET /api/products/sales/export', () => {
  it('streams a UTF-8 CSV with BOM, header, quoting and the rows of the list', async () => {
    const response = await get('/api/products/sales/export?period=all', owner.token);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename=sales-all-\d{4}-\d{2}-\d{2}\.csv$/,
    );
    const bytes = response.rawPayload;
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.toString('utf8').slice(1);
    expect(text).toContain(`"Guide, ""Deluxe"" 한국어 가이드"`);
    const [header, ...rows] = parseCsv(text);
    expect(header).toEqual([
      'purchase_date',
      'order_id',
      'product_title',
      'customer_email',
      'payment_method',
      'purchase_price_krw',
      'commission_rate_percent',
      'commission_krw',
      'net_krw',
      'status',
      'refunded_krw',
      'download_count',
      'last_download_at',
      'discount_code',
      'list_amount',
      'discount_amount',
      'buyer_country',
      'buyer_locale',
      'source',
      'utm_campaign',
    ]);
    const whole = await allTransactions(owner.token);
    expect(rows.map((row) => row[1])).toEqual(whole.map((row) => row.order_id));
    expect(rows.map((row) => Number(row[5]))).toEqual(whole.map((row) => row.purchase_price));
    expect(rows.map((row) => [row[9], Number(row[10])])).toEqual(
      whole.map((row) => [row.status, row.refunded_amount]),
    );
    expect(rows[0]?.[3]).toBe("'=cmd@example.com");
    expect(rows[0]?.[0]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });

  it('exports only the period asked for, named after it', async () => {
    const response = await get('/api/products/sales/export?period=week', owner.token);
    expect(response.headers['content-disposition']).toContain('sales-week-');
    const rows = parseCsv(response.body.slice(1)).slice(1);
    expect(rows).toHaveLength((await allTransactions(owner.token, 'week')).length);
  });

  it('reads in keyset pages: small pages give the same rows in the same order', async () => {
    const service = createSalesService({
      sales: createSalesRepository(t.database.statements, t.config.timeZone),
      timeZone: t.config.timeZone,
      exportPageSize: 4,
    });
    const { lines } = await service.exportCsv(owner.id, 'all');
    let text = '';
    let chunks = 0;
    for await (const chunk of lines) {
      text += chunk;
      chunks += 1;
    }
    expect(chunks).toBe(1 + Math.ceil(saleCount / 4));
    const full = (await get('/api/products/sales/export', owner.token)).body;
    expect(text).toBe(full);
  });

  it('quotes fields per RFC 4180 and defuses formulas', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('line\nbreak')).toBe('"line\nbreak"');
    expect(csvField('=SUM(A1)')).toBe("'=SUM(A1)");
    expect(csvField('+1')).toBe("'+1");
    expect(csvField('@x')).toBe("'@x");
    expect(csvField('-1,2')).toBe(`"'-1,2"`);
    expect(csvField(-5)).toBe('-5');
    expect(csvField('한국어')).toBe('한국어');
  });
});
