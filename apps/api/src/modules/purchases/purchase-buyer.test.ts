import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers, sales, sellers } from '../../db/schema.ts';
import { insertProduct, sellerIdByEmail } from '../../test/database-rows.ts';
import {
  internalSecret,
  purchase,
  recordPurchase,
  signedPost,
} from '../../test/member-site-calls.ts';
import { bearer, signUpSeller } from '../../test/sellers.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createPurchaseRepository } from './purchases.repository.ts';

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

const buyer = {
  buyerName: '김민지',
  buyerCountry: 'KR',
  buyerLocale: 'ko',
  marketingConsent: true,
  source: 'naver.com',
  utmSource: 'naver',
  utmMedium: 'blog',
  utmCampaign: 'chuseok-2026',
} as const;

async function salesOfOrder(orderId: string) {
  return t.database.db.select().from(sales).where(eq(sales.orderId, orderId));
}

/** Makes the seller hear of each sale (the purchase then runs in a transaction). */
async function setSaleNotifications(choice: 'each' | 'daily') {
  await t.database.db
    .update(sellers)
    .set({ saleNotifications: choice })
    .where(eq(sellers.id, sellerId));
}

describe('POST /api/internal/purchases: buyer and source fields', () => {
  it.each([
    ['in one statement', 'daily'],
    ['in a transaction with its listeners', 'each'],
  ] as const)('stores the buyer and source on the sale %s', async (_how, choice) => {
    await setSaleNotifications(choice);
    const payload = purchase(productId, { ...buyer, buyerCountry: 'kr' });
    const response = await signedPost(t.app, purchasesUrl, payload);
    expect(response.statusCode).toBe(201);
    const [stored] = await salesOfOrder(payload.orderId);
    expect(stored).toMatchObject({ ...buyer, buyerCountry: 'KR' });
    await setSaleNotifications('daily');
  });

  it('keeps a body without them valid and stores nulls', async () => {
    const payload = purchase(productId);
    expect((await signedPost(t.app, purchasesUrl, payload)).statusCode).toBe(201);
    const [stored] = await salesOfOrder(payload.orderId);
    expect(stored).toMatchObject({
      buyerName: null,
      buyerCountry: null,
      buyerLocale: null,
      marketingConsent: null,
      source: null,
      utmSource: null,
      utmMedium: null,
      utmCampaign: null,
    });
  });

  it.each([
    ['a country that is not ISO 3166-1 alpha-2', { buyerCountry: 'XX' }, 'countryInvalid'],
    ['a three-letter country', { buyerCountry: 'KOR' }, 'countryInvalid'],
    ['a language the shop does not speak', { buyerLocale: 'de' }, 'languageInvalid'],
    ['a name over 100 characters', { buyerName: 'a'.repeat(101) }, 'saleTextTooLong'],
    ['a campaign over 200 characters', { utmCampaign: 'c'.repeat(201) }, 'saleTextTooLong'],
    ['a consent that is not a boolean', { marketingConsent: 'yes' }, 'invalid'],
  ])('refuses %s with 400 and stores nothing', async (_name, fields, code) => {
    const payload = { ...purchase(productId), ...fields };
    const response = await signedPost(t.app, purchasesUrl, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'validation_failed' });
    if (code !== 'invalid') {
      expect(response.json().details).toEqual(
        expect.arrayContaining([expect.objectContaining({ code })]),
      );
    }
    expect(await salesOfOrder(payload.orderId)).toHaveLength(0);
  });

  it('answers a replay with the same buyer fields with 200, other ones with 409', async () => {
    const payload = purchase(productId, buyer);
    expect((await signedPost(t.app, purchasesUrl, payload)).statusCode).toBe(201);
    expect((await signedPost(t.app, purchasesUrl, payload)).statusCode).toBe(200);
    const other = await signedPost(t.app, purchasesUrl, { ...payload, utmCampaign: '11-11' });
    expect(other.statusCode).toBe(409);
    expect(other.json()).toMatchObject({ code: 'conflict' });
    const without = await signedPost(t.app, purchasesUrl, { ...payload, buyerName: undefined });
    expect(without.statusCode).toBe(409);
    expect(await salesOfOrder(payload.orderId)).toHaveLength(1);
  });

  it('takes a replay that leaves out fields the sale does not have as the same order', async () => {
    const payload = purchase(productId, { buyerCountry: 'CN' });
    expect((await signedPost(t.app, purchasesUrl, payload)).statusCode).toBe(201);
    const replay = await signedPost(t.app, purchasesUrl, { ...payload, source: '' });
    expect(replay.statusCode).toBe(200);
  });

  it('shows the buyer on the transactions row, the CSV and the sale page', async () => {
    const payload = purchase(productId, { ...buyer, customerEmail: 'minji@example.com' });
    const created = await signedPost(t.app, purchasesUrl, payload);
    const purchaseId = created.json().sale.purchaseId as string;

    const list = await t.app.inject({
      method: 'GET',
      url: '/api/products/sales/transactions?limit=100',
      headers: bearer(token),
    });
    const row = list
      .json()
      .transactions.find((item: { order_id: string }) => item.order_id === payload.orderId);
    expect(row).toMatchObject({
      buyer_country: 'KR',
      buyer_locale: 'ko',
      source: 'naver.com',
      utm_campaign: 'chuseok-2026',
    });

    const csv = await t.app.inject({
      method: 'GET',
      url: '/api/products/sales/export',
      headers: bearer(token),
    });
    const lines = csv.body.split('\r\n');
    expect(lines[0]).toContain('buyer_country,buyer_locale,source,utm_campaign');
    const line = lines.find((text) => text.includes(payload.orderId));
    expect(line?.endsWith(',KR,ko,naver.com,chuseok-2026')).toBe(true);

    const page = await t.app.inject({
      method: 'GET',
      url: `/api/products/sales/${purchaseId}`,
      headers: bearer(token),
    });
    expect(page.json().buyer).toEqual({
      customerId: expect.any(String),
      email: 'minji@example.com',
      name: '김민지',
      country: 'KR',
      locale: 'ko',
      marketingConsent: true,
      source: 'naver.com',
      utmSource: 'naver',
      utmMedium: 'blog',
      utmCampaign: 'chuseok-2026',
    });
  });
});

describe('rebuilding the rollups', () => {
  it('recomputes the customers from the sales and keeps their consents', async () => {
    const email = `rebuild-${randomUUID()}@example.com`;
    await recordPurchase(t.app, purchase(productId, { customerEmail: email, amount: 10_000 }));
    await recordPurchase(t.app, purchase(productId, { customerEmail: email, amount: 2_000 }));
    const consent = await signedPost(t.app, '/api/internal/consents', {
      sellerId,
      email,
      granted: false,
      at: new Date().toISOString(),
    });
    expect(consent.statusCode).toBe(200);
    const customerOf = async () => {
      const [row] = await t.database.db.select().from(customers).where(eq(customers.email, email));
      return row;
    };
    const before = await customerOf();
    // A bulk load of sales leaves the figures behind; the rebuild catches up.
    await t.database.db
      .update(customers)
      .set({ purchases: 0, totalNet: 0 })
      .where(eq(customers.email, email));
    await createPurchaseRepository(t.database, t.config.timeZone).rebuildRollups();
    expect(await customerOf()).toEqual(before);
    expect(before).toMatchObject({ purchases: 2, totalNet: 12_000, marketingConsent: 'withdrawn' });
  });
});
