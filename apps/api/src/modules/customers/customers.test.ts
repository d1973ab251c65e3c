import { randomUUID } from 'node:crypto';
import type { Customer } from '@seller/contract/customers/customer';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/sql-values.ts';
import { insertProduct, sellerIdByEmail, setSellerCreatedAt } from '../../test/database-rows.ts';
import {
  internalSecret,
  purchase,
  recordPurchase,
  signedPost,
} from '../../test/member-site-calls.ts';
import { bearer, signUpSeller } from '../../test/sellers.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createCustomerRepository } from './customers.repository.ts';
import { createCustomerService } from './customers.service.ts';

let t: TestApp;
let token: string;
let sellerId: string;
let guide: string;
let presets: string;

beforeAll(async () => {
  t = await createTestApp({ INTERNAL_API_SECRET: internalSecret });
  const seller = await signUpSeller(t.app);
  token = seller.token;
  sellerId = await sellerIdByEmail(t.database.db, seller.email);
  // Past the introductory months: sales pay 10 % commission.
  await setSellerCreatedAt(t.database.db, sellerId, new Date('2024-01-01T00:00:00Z'));
  guide = await insertProduct(t.database.db, sellerId, { title: 'Guide' });
  presets = await insertProduct(t.database.db, sellerId, { title: 'Presets' });
});
afterAll(async () => {
  await t.close();
});

const get = (url: string, as = token) => t.app.inject({ method: 'GET', url, headers: bearer(as) });

async function customerOf(email: string): Promise<Customer> {
  const response = await get(`/api/customers?query=${encodeURIComponent(email)}`);
  const found = (response.json().customers as Customer[]).find(
    (customer) => customer.email.toLowerCase() === email.toLowerCase(),
  );
  if (!found) throw new Error(`no customer ${email}`);
  return found;
}

const consent = (email: string, granted: boolean, at: string) =>
  signedPost(t.app, '/api/internal/consents', { sellerId, email, granted, at });

describe('customers kept by sales and refunds', () => {
  it('makes one customer of every sale to an email, whatever its case', async () => {
    const email = `ana-${randomUUID()}@example.com`;
    await recordPurchase(t.app, {
      ...purchase(guide, { customerEmail: email, amount: 10_000 }),
      purchasedAt: '2026-01-10T10:00:00Z',
      buyerName: 'Ana',
      buyerCountry: 'FR',
      buyerLocale: 'fr',
    });
    await recordPurchase(t.app, {
      ...purchase(presets, { customerEmail: email.toUpperCase(), amount: 20_000 }),
      purchasedAt: '2026-02-10T10:00:00Z',
      buyerCountry: 'TR',
    });
    // An older sale reported late changes neither the latest country nor the latest purchase.
    await recordPurchase(t.app, {
      ...purchase(guide, { customerEmail: email, amount: 5_000 }),
      purchasedAt: '2025-12-01T10:00:00Z',
      buyerCountry: 'KR',
    });
    const customer = await customerOf(email);
    expect(customer).toMatchObject({
      email,
      name: 'Ana',
      country: 'TR',
      locale: 'fr',
      purchases: 3,
      totalNet: 31_500,
      firstPurchaseAt: '2025-12-01T10:00:00.000Z',
      lastPurchaseAt: '2026-02-10T10:00:00.000Z',
      productIds: [guide, presets].sort(),
      marketingConsent: 'none',
      productUpdates: true,
    });
  });

  it('counts a replayed order once', async () => {
    const email = `replay-${randomUUID()}@example.com`;
    const order = purchase(guide, { customerEmail: email, amount: 10_000 });
    await recordPurchase(t.app, order);
    expect((await signedPost(t.app, '/api/internal/purchases', order)).statusCode).toBe(200);
    expect(await customerOf(email)).toMatchObject({ purchases: 1, totalNet: 9_000 });
  });

  it('takes what a refund costs the seller off the total net', async () => {
    const email = `refund-${randomUUID()}@example.com`;
    const order = purchase(guide, { customerEmail: email, amount: 10_000 });
    await recordPurchase(t.app, order);
    const refunded = await signedPost(t.app, '/api/internal/refunds', {
      refundId: `refund-${randomUUID()}`,
      orderId: order.orderId,
      amount: 4_000,
    });
    expect(refunded.statusCode).toBe(201);
    // 9,000 net, less the refund of 4,000 of which 400 commission comes back.
    expect(await customerOf(email)).toMatchObject({ purchases: 1, totalNet: 5_400 });
  });
});

describe('POST /api/internal/consents', () => {
  it('grants at checkout, and the latest change wins', async () => {
    const email = `consent-${randomUUID()}@example.com`;
    await recordPurchase(t.app, {
      ...purchase(guide, { customerEmail: email }),
      purchasedAt: '2026-03-01T00:00:00Z',
      marketingConsent: true,
    });
    expect((await customerOf(email)).marketingConsent).toBe('granted');

    const withdrawn = await consent(email.toUpperCase(), false, '2026-03-02T00:00:00Z');
    expect(withdrawn.statusCode).toBe(200);
    const { id } = await customerOf(email);
    expect(withdrawn.json()).toEqual({ customer: { id, marketingConsent: 'withdrawn' } });

    // Older than the withdrawal: it arrives late and changes nothing.
    const late = await consent(email, true, '2026-03-01T12:00:00Z');
    expect(late.json()).toEqual({ customer: { id, marketingConsent: 'withdrawn' } });
    // A sale older than the withdrawal, with the box ticked, changes nothing either.
    await recordPurchase(t.app, {
      ...purchase(guide, { customerEmail: email }),
      purchasedAt: '2026-03-01T18:00:00Z',
      marketingConsent: true,
    });
    expect((await customerOf(email)).marketingConsent).toBe('withdrawn');

    const again = await consent(email, true, '2026-03-03T00:00:00Z');
    expect(again.json().customer.marketingConsent).toBe('granted');
  });

  it('answers 404 for a buyer who never bought from the seller', async () => {
    const response = await consent(
      `nobody-${randomUUID()}@example.com`,
      true,
      '2026-03-01T00:00:00Z',
    );
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: 'not_found' });
  });

  it('refuses a consent dated in the future with 400', async () => {
    const email = `future-${randomUUID()}@example.com`;
    await recordPurchase(t.app, purchase(guide, { customerEmail: email }));
    const at = new Date(Date.now() + 60 * 60 * 1000).toISOString();
    const response = await consent(email, true, at);
    expect(response.statusCode).toBe(400);
    expect(response.json().details).toEqual([
      expect.objectContaining({ code: 'consentAtInFuture' }),
    ]);
    expect((await customerOf(email)).marketingConsent).toBe('none');
  });

  it('refuses an unsigned call with 401', async () => {
    const response = await signedPost(
      t.app,
      '/api/internal/consents',
      { sellerId, email: 'a@example.com', granted: true, at: '2026-03-01T00:00:00Z' },
      { signature: null },
    );
    expect(response.statusCode).toBe(401);
  });
});

describe('GET /api/customers: search, filters, sort and pages', () => {
  let owner: string;
  let ownerId: string;
  let book: string;
  let course: string;

  beforeAll(async () => {
    const seller = await signUpSeller(t.app);
    owner = seller.token;
    ownerId = await sellerIdByEmail(t.database.db, seller.email);
    book = await insertProduct(t.database.db, ownerId, { title: 'Book' });
    course = await insertProduct(t.database.db, ownerId, { title: 'Course' });
    const buy = (email: string, productId: string, amount: number, day: number, extra = {}) =>
      recordPurchase(t.app, {
        ...purchase(productId, { customerEmail: email, amount }),
        purchasedAt: `2026-04-${String(day).padStart(2, '0')}T00:00:00Z`,
        ...extra,
      });
    await buy('wang@example.cn', book, 30_000, 1, { buyerCountry: 'CN', buyerName: '王芳' });
    await buy('wang@example.cn', course, 30_000, 2);
    await buy('kim@example.kr', course, 50_000, 3, {
      buyerCountry: 'KR',
      marketingConsent: true,
    });
    await buy('lee@example.kr', book, 10_000, 4, { buyerCountry: 'KR' });
    await buy('100%_sure@example.com', book, 1_000, 5);
  });

  const emails = async (query: string) => {
    const response = await get(`/api/customers?${query}`, owner);
    expect(response.statusCode).toBe(200);
    return (response.json().customers as Customer[]).map((customer) => customer.email);
  };

  it('lists the latest buyers first by default, another seller sees none of them', async () => {
    expect(await emails('')).toEqual([
      '100%_sure@example.com',
      'lee@example.kr',
      'kim@example.kr',
      'wang@example.cn',
    ]);
    const theirs = await get('/api/customers?query=example.kr');
    expect(theirs.json().customers).toEqual([]);
  });

  it('sorts by total net and by purchases, largest first', async () => {
    expect(await emails('sort=totalNet')).toEqual([
      'wang@example.cn',
      'kim@example.kr',
      'lee@example.kr',
      '100%_sure@example.com',
    ]);
    expect((await emails('sort=purchases'))[0]).toBe('wang@example.cn');
  });

  it('filters by search text, product, country and consent', async () => {
    expect(await emails('query=王')).toEqual(['wang@example.cn']);
    expect(await emails('query=KIM@')).toEqual(['kim@example.kr']);
    // The wildcards of a search are letters.
    expect(await emails('query=0%25_')).toEqual(['100%_sure@example.com']);
    expect(await emails(`productId=${course}`)).toEqual(['kim@example.kr', 'wang@example.cn']);
    expect(await emails('country=kr')).toEqual(['lee@example.kr', 'kim@example.kr']);
    expect(await emails('consent=granted')).toEqual(['kim@example.kr']);
    expect(await emails(`country=KR&consent=none&productId=${book}`)).toEqual(['lee@example.kr']);
  });

  it('pages with the total of the filtered list', async () => {
    const response = await get('/api/customers?limit=3&page=2', owner);
    expect(response.json().pagination).toEqual({ total: 4, page: 2, limit: 3, totalPages: 2 });
    expect(response.json().customers).toHaveLength(1);
  });

  it.each(['lastPurchaseAt', 'totalNet', 'purchases'] as const)(
    'gives the same order page by page, from either end, sorted by %s',
    async (sort) => {
      const whole = await emails(`sort=${sort}`);
      for (const limit of [1, 3]) {
        const paged: string[] = [];
        for (let page = 1; page <= Math.ceil(whole.length / limit); page++) {
          paged.push(...(await emails(`sort=${sort}&limit=${limit}&page=${page}`)));
        }
        expect(paged).toEqual(whole);
      }
      expect(await emails(`sort=${sort}&country=KR&limit=1&page=2`)).toEqual([
        whole.filter((email) => email.endsWith('.kr'))[1],
      ]);
    },
  );

  it('finds part of an email or a name whatever its case, by the trigram indexes', async () => {
    expect(await emails('query=EXAMPLE.K')).toEqual(['lee@example.kr', 'kim@example.kr']);
    expect(await emails('query=芳')).toEqual(['wang@example.cn']);
    expect(await emails('query=nobody-at-all')).toEqual([]);
    // Among a seller's thousands of buyers, a search reads the few whose text has the
    // trigrams, not every buyer of the seller.
    const many = await signUpSeller(t.app);
    const manyId = await sellerIdByEmail(t.database.db, many.email);
    await t.database.db.execute(sql`
      insert into customers (seller_id, email, name, first_purchase_at, last_purchase_at)
      select ${manyId}, 'buyer' || n || '@example.org', 'Buyer ' || n, now(), now()
      from generate_series(1, 5000) n`);
    await t.database.db.execute(sql`vacuum analyze customers`);
    const found = (await get('/api/customers?query=BUYER%204321&limit=50', many.token)).json();
    expect(found.customers.map((customer: Customer) => customer.name)).toEqual(['Buyer 4321']);
    const plan = await t.database.transaction(async (tx) => {
      // The table is still small enough to read whole at once: the planner is told not to (and
      // a seller of 5,000 buyers is still read whole; the indexes pay from some tens of thousands).
      await tx.execute(sql`set local enable_seqscan = off`);
      return rowsOf<{ 'QUERY PLAN': string }>(
        await tx.execute(sql`explain select count(*) from customers
          where email ilike '%buyer4321%' or name ilike '%buyer4321%'`),
      )
        .map((row) => row['QUERY PLAN'])
        .join('\n');
    });
    expect(plan).toContain('customers_email_trgm_idx');
    expect(plan).toContain('customers_name_trgm_idx');
  });

  it.each([
    ['an unknown country', 'country=XX'],
    ['an unknown consent', 'consent=maybe'],
    ['an unknown sort', 'sort=email'],
    ['a product id that is not one', 'productId=abc'],
  ])('refuses %s with 400', async (_name, query) => {
    const response = await get(`/api/customers?${query}`, owner);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'validation_failed' });
  });

  it('shows a buyer with their sales, newest first', async () => {
    const [wang] = (await get('/api/customers?query=wang', owner)).json().customers as Customer[];
    const response = await get(`/api/customers/${wang?.id}`, owner);
    expect(response.statusCode).toBe(200);
    const detail = response.json();
    expect(detail.customer).toMatchObject({ email: 'wang@example.cn', purchases: 2 });
    expect(detail.sales.map((sale: { product_title: string }) => sale.product_title)).toEqual([
      'Course',
      'Book',
    ]);
    expect((await get(`/api/customers/${wang?.id}`)).statusCode).toBe(404);
  });

  it('exports the filtered list as CSV, in the list order', async () => {
    const response = await get(`/api/customers/export?country=KR&sort=totalNet`, owner);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename=customers-\d{4}-\d{2}-\d{2}\.csv$/,
    );
    const [header, ...lines] = response.body.slice(1).trimEnd().split('\r\n');
    expect(header).toBe(
      'email,name,country,locale,purchases,total_net_krw,first_purchase_at,last_purchase_at,product_ids,marketing_consent,product_updates',
    );
    expect(lines).toEqual([
      `kim@example.kr,,KR,,1,50000,2026-04-03 09:00:00,2026-04-03 09:00:00,${course},granted,true`,
      `lee@example.kr,,KR,,1,10000,2026-04-04 09:00:00,2026-04-04 09:00:00,${book},none,true`,
    ]);
  });

  it('refuses a search PostgreSQL cannot store with 400, before the file starts', async () => {
    const response = await get('/api/customers/export?query=a%00b', owner);
    expect(response.statusCode).toBe(400);
    expect(response.headers['content-type']).toContain('application/json');
  });

  it('reads a small first page of the export, so that the file starts at once', async () => {
    const repository = createCustomerRepository(t.database.db);
    const limits: number[] = [];
    const service = createCustomerService({
      customers: {
        ...repository,
        after: (seller, filters, cursor, limit) => {
          limits.push(limit);
          return repository.after(seller, filters, cursor, limit);
        },
      },
      timeZone: t.config.timeZone,
    });
    await service.exportCsv(ownerId, { sort: 'lastPurchaseAt' });
    expect(limits).toHaveLength(1);
    expect(limits[0]).toBeLessThanOrEqual(50);
  });

  it.each(['lastPurchaseAt', 'totalNet', 'purchases'] as const)(
    'exports every buyer once in keyset pages sorted by %s',
    async (sort) => {
      const service = createCustomerService({
        customers: createCustomerRepository(t.database.db),
        timeZone: t.config.timeZone,
        exportPageSize: 1,
      });
      let text = '';
      for await (const chunk of (await service.exportCsv(ownerId, { sort })).lines) text += chunk;
      const exported = text
        .slice(1)
        .trimEnd()
        .split('\r\n')
        .slice(1)
        .map((line) => line.split(',')[0]);
      expect(exported).toEqual(await emails(`sort=${sort}`));
    },
  );
});
