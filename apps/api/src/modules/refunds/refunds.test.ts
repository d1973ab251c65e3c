import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { webhookPayloadSchema } from '@seller/contract/developer/webhook';
import type {
  RecordRefundBody,
  RecordRefundResponse,
} from '@seller/contract/internal/record-refund';
import type { Transaction } from '@seller/contract/sales/get-transactions';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refunds, sales, webhookDeliveries } from '../../db/schema.ts';
import { insertProduct, sellerIdByEmail, setSellerCreatedAt } from '../../test/database-rows.ts';
import {
  internalSecret,
  purchase,
  recordPurchase,
  signedPost,
} from '../../test/member-site-calls.ts';
import { bearer, signUpSeller, type TestSeller } from '../../test/sellers.ts';
import { type SmtpPeer, startSmtpPeer } from '../../test/smtp-peer.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { formatWon } from '../mail/mail.service.ts';

const hour = 60 * 60 * 1000;
const refundsUrl = '/api/internal/refunds';

let t: TestApp;
let smtp: SmtpPeer;
/** A webhook receiver on loopback that takes every delivery. */
let receiver: Server;
let receiverUrl: string;

beforeAll(async () => {
  smtp = await startSmtpPeer();
  receiver = createServer((request, response) => {
    request.resume();
    request.on('end', () => response.writeHead(200).end());
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
  t = await createTestApp({
    INTERNAL_API_SECRET: internalSecret,
    SMTP_URL: smtp.url,
    PUBLIC_URL: 'https://seller.example.com',
    TIME_ZONE: 'Asia/Seoul',
    WEBHOOK_ALLOW_LOOPBACK: 'true',
  });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
  await new Promise<void>((resolve) => receiver.close(() => resolve()));
});

/** A seller past the introductory months (10 % commission) with one product. */
async function sellerWithProduct(): Promise<{ seller: TestSeller; productId: string }> {
  const seller = await signUpSeller(t.app);
  const sellerId = await sellerIdByEmail(t.database.db, seller.email);
  await setSellerCreatedAt(t.database.db, sellerId, new Date('2020-01-01T00:00:00Z'));
  const productId = await insertProduct(t.database.db, sellerId, { title: 'Guide', price: 10 });
  return { seller, productId };
}

async function sale(productId: string, amount: number, purchasedAt?: string) {
  return recordPurchase(
    t.app,
    purchase(productId, { amount, ...(purchasedAt ? { purchasedAt } : {}) }),
  );
}

const refundOf = (orderId: string, amount: number, overrides: Partial<RecordRefundBody> = {}) =>
  ({
    refundId: `refund-${randomUUID()}`,
    orderId,
    amount,
    ...overrides,
  }) satisfies RecordRefundBody;

const postRefund = (body: unknown) => signedPost(t.app, refundsUrl, body);

async function refund(body: RecordRefundBody): Promise<RecordRefundResponse> {
  const response = await postRefund(body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<RecordRefundResponse>();
}

async function get<T>(seller: TestSeller, url: string): Promise<T> {
  const response = await t.app.inject({ url, headers: bearer(seller.token) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<T>();
}

const transactions = (seller: TestSeller, query = '') =>
  get<{ transactions: Transaction[]; pagination: { total: number } }>(
    seller,
    `/api/products/sales/transactions?limit=100${query}`,
  );

const refundRows = (saleId: string) =>
  t.database.db.select().from(refunds).where(eq(refunds.saleId, saleId));

describe('POST /api/internal/refunds: recording', () => {
  it('is refused without a valid signature (401)', async () => {
    const { productId } = await sellerWithProduct();
    const sold = await sale(productId, 10_000);
    const response = await signedPost(t.app, refundsUrl, refundOf(sold.orderId, 1_000), {
      signature: null,
    });
    expect(response.statusCode).toBe(401);
    expect(await refundRows(sold.purchaseId)).toEqual([]);
  });

  it('records a partial refund (201) with the commission in proportion, rounded down', async () => {
    const { productId } = await sellerWithProduct();
    const sold = await sale(productId, 10_001);
    expect(sold.commissionAmount).toBe(1_000);
    const body = refundOf(sold.orderId, 3_333, { reason: 'Wrong file' });
    const { refund: recorded, sale: after } = await refund(body);
    // floor(1000 × 3333 ÷ 10001) = 333
    expect(recorded).toEqual({
      refundId: body.refundId,
      orderId: sold.orderId,
      purchaseId: sold.purchaseId,
      kind: 'refund',
      amount: 3_333,
      commissionReturned: 333,
      netAmount: 3_000,
      refundedAt: expect.any(String),
    });
    expect(after).toMatchObject({
      purchase_id: sold.purchaseId,
      order_id: sold.orderId,
      purchase_price: 10_001,
      commission_amount: 1_000,
      net_amount: 9_001,
      status: 'partially_refunded',
      refunded_amount: 3_333,
      product_title: 'Guide',
    });
    const [row] = await refundRows(sold.purchaseId);
    expect(row).toMatchObject({ reason: 'Wrong file', kind: 'refund', netAmount: 3_000 });
  });

  it('returns all the commission left with the refund that empties the sale', async () => {
    const { seller, productId } = await sellerWithProduct();
    const sold = await sale(productId, 10_000);
    const parts = [3_333, 3_333, 3_334];
    const returned: number[] = [];
    let last: RecordRefundResponse | undefined;
    for (const amount of parts) {
      last = await refund(refundOf(sold.orderId, amount));
      returned.push(last.refund.commissionReturned);
    }
    expect(returned).toEqual([333, 333, 334]);
    expect(returned.reduce((a, b) => a + b, 0)).toBe(sold.commissionAmount);
    expect(last?.sale).toMatchObject({ status: 'refunded', refunded_amount: 10_000 });
    const [row] = await t.database.db.select().from(sales).where(eq(sales.id, sold.purchaseId));
    expect(row).toMatchObject({ refundedAmount: 10_000, refundedCommission: 1_000 });
    const listed = await transactions(seller);
    expect(listed.transactions[0]).toMatchObject({ status: 'refunded', refunded_amount: 10_000 });
  });

  it('records a chargeback as its own kind', async () => {
    const { productId } = await sellerWithProduct();
    const sold = await sale(productId, 5_000);
    const { refund: recorded, sale: after } = await refund(
      refundOf(sold.orderId, 5_000, { kind: 'chargeback' }),
    );
    expect(recorded).toMatchObject({ kind: 'chargeback', commissionReturned: 500 });
    expect(after.status).toBe('refunded');
  });

  it('answers a replay with the same content with the stored refund (200), once recorded', async () => {
    const { productId } = await sellerWithProduct();
    const sold = await sale(productId, 8_000);
    const body = refundOf(sold.orderId, 8_000, { refundedAt: new Date().toISOString() });
    const first = await refund(body);
    const again = await postRefund(body);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first);
    // Without `refundedAt` the retry is the same refund too.
    const { refundedAt: _left, ...withoutTime } = body;
    expect((await postRefund(withoutTime)).statusCode).toBe(200);
    expect(await refundRows(sold.purchaseId)).toHaveLength(1);
  });

  it('refuses the same refund id with other content (409 conflict)', async () => {
    const { productId } = await sellerWithProduct();
    const sold = await sale(productId, 8_000);
    const other = await sale(productId, 8_000);
    const body = refundOf(sold.orderId, 1_000);
    await refund(body);
    for (const changed of [
      { ...body, amount: 1_001 },
      { ...body, kind: 'chargeback' as const },
      { ...body, reason: 'Other' },
      { ...body, orderId: other.orderId },
      { ...body, orderId: `order-${randomUUID()}` },
      { ...body, refundedAt: '2020-01-01T00:00:00Z' },
    ]) {
      const response = await postRefund(changed);
      expect(response.statusCode, JSON.stringify(changed)).toBe(409);
      expect(response.json()).toMatchObject({
        code: 'conflict',
        details: [{ path: 'refundId', code: 'refundIdReused' }],
      });
    }
    expect(await refundRows(sold.purchaseId)).toHaveLength(1);
    expect(await refundRows(other.purchaseId)).toEqual([]);
  });

  it('refuses more than what is left of the sale (409 refund_exceeds_sale), writing nothing', async () => {
    const { seller, productId } = await sellerWithProduct();
    const sold = await sale(productId, 10_000);
    const tooMuch = await postRefund(refundOf(sold.orderId, 10_001));
    expect(tooMuch.statusCode).toBe(409);
    expect(tooMuch.json()).toMatchObject({ code: 'refund_exceeds_sale' });
    await refund(refundOf(sold.orderId, 6_000));
    const past = await postRefund(refundOf(sold.orderId, 4_001));
    expect(past.statusCode).toBe(409);
    expect(past.json()).toMatchObject({ code: 'refund_exceeds_sale' });
    expect(await refundRows(sold.purchaseId)).toHaveLength(1);
    const stats = await get<{ totalSales: { amount: number } }>(
      seller,
      '/api/products/stats/sales',
    );
    expect(stats.totalSales.amount).toBe(4_000);
  });

  it('refuses a reason the database cannot store (400), writing nothing', async () => {
    const { productId } = await sellerWithProduct();
    const sold = await sale(productId, 10_000);
    const response = await postRefund(refundOf(sold.orderId, 1_000, { reason: 'bad\u0000byte' }));
    expect(response.statusCode, response.body).toBe(400);
    expect(await refundRows(sold.purchaseId)).toHaveLength(0);
    await refund(refundOf(sold.orderId, 10_000));
  });

  it('answers an unknown order with 404 not_found', async () => {
    const response = await postRefund(refundOf(`order-${randomUUID()}`, 100));
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: 'not_found' });
  });

  it.each([
    ['a zero amount', { amount: 0 }],
    ['a negative amount', { amount: -5 }],
    ['a fractional amount', { amount: 1.5 }],
    ['an unknown kind', { kind: 'gift' }],
    ['a refund id with spaces', { refundId: ' r 1' }],
    ['a missing order id', { orderId: undefined }],
  ])('refuses %s with 400 validation_failed', async (_name, change) => {
    const { productId } = await sellerWithProduct();
    const sold = await sale(productId, 1_000);
    const response = await postRefund({ ...refundOf(sold.orderId, 100), ...change });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'validation_failed' });
    expect(await refundRows(sold.purchaseId)).toEqual([]);
  });

  it('names the refund id in its own words when it is not printable ASCII', async () => {
    const { productId } = await sellerWithProduct();
    const sold = await sale(productId, 1_000);
    const response = await postRefund({ ...refundOf(sold.orderId, 100), refundId: 'r 1' });
    expect(response.json()).toMatchObject({
      details: [{ path: 'refundId', code: 'refundIdInvalid' }],
    });
  });

  it('refuses a refund dated in the future or before its sale (400)', async () => {
    const { productId } = await sellerWithProduct();
    const sold = await sale(productId, 1_000, new Date(Date.now() - 2 * hour).toISOString());
    const future = await postRefund(
      refundOf(sold.orderId, 100, { refundedAt: new Date(Date.now() + hour).toISOString() }),
    );
    expect(future.statusCode).toBe(400);
    expect(future.json()).toMatchObject({
      details: [{ path: 'refundedAt', code: 'refundedAtInFuture' }],
    });
    const early = await postRefund(
      refundOf(sold.orderId, 100, { refundedAt: new Date(Date.now() - 3 * hour).toISOString() }),
    );
    expect(early.statusCode).toBe(400);
    expect(early.json()).toMatchObject({
      details: [{ path: 'refundedAt', code: 'refundedAtBeforeSale' }],
    });
    expect(await refundRows(sold.purchaseId)).toEqual([]);
  });

  // A refund nobody hears of is one statement; one mailed to its seller goes through a
  // transaction that checks the sale first: both date it the same way.
  it.each([
    { way: 'in one statement', notifications: undefined },
    { way: 'with a mail for each sale', notifications: 'each' },
  ] as const)(
    'dates a refund sent without a time no earlier than its sale dated a little ahead: $way',
    async ({ notifications }) => {
      const { seller, productId } = await sellerWithProduct();
      if (notifications) {
        const set = await t.app.inject({
          method: 'PUT',
          url: '/api/auth/notifications',
          headers: bearer(seller.token),
          payload: { saleNotifications: notifications },
        });
        expect(set.statusCode, set.body).toBeLessThan(300);
      }
      const purchasedAt = new Date(Date.now() + 3 * 60_000).toISOString();
      const sold = await sale(productId, 1_000, purchasedAt);
      const { refund: recorded } = await refund(refundOf(sold.orderId, 400));
      expect(recorded.refundedAt).toBe(sold.purchasedAt);
      const [row] = await refundRows(sold.purchaseId);
      expect(row?.refundedAt.toISOString()).toBe(sold.purchasedAt);
    },
  );

  it('never refunds more than the sale when refunds of it arrive together', async () => {
    const { seller, productId } = await sellerWithProduct();
    const sold = await sale(productId, 10_000);
    const responses = await Promise.all(
      Array.from({ length: 6 }, () => postRefund(refundOf(sold.orderId, 3_000))),
    );
    const codes = responses.map((response) => response.statusCode).sort();
    expect(codes).toEqual([201, 201, 201, 409, 409, 409]);
    const rows = await refundRows(sold.purchaseId);
    expect(rows.reduce((total, row) => total + row.amount, 0)).toBe(9_000);
    const listed = await transactions(seller);
    expect(listed.transactions[0]).toMatchObject({ refunded_amount: 9_000 });
  });

  it("returns exactly the sale's commission when the refunds emptying it arrive together", async () => {
    const { productId } = await sellerWithProduct();
    const sold = await sale(productId, 10_000);
    const parts = [3_333, 3_333, 3_333, 1];
    const responses = await Promise.all(
      parts.map((amount) => postRefund(refundOf(sold.orderId, amount))),
    );
    expect(responses.map((response) => response.statusCode)).toEqual([201, 201, 201, 201]);
    const rows = await refundRows(sold.purchaseId);
    // Each saw what the one before it left: whichever came last returned the rest.
    const returned = rows.reduce((total, row) => total + row.commissionReturned, 0);
    expect(returned).toBe(sold.commissionAmount);
    const [row] = await t.database.db.select().from(sales).where(eq(sales.id, sold.purchaseId));
    expect(row).toMatchObject({ refundedAmount: 10_000, refundedCommission: 1_000 });
  });

  it('records a refund sent several times at once once, answering the others as its replays', async () => {
    const { productId } = await sellerWithProduct();
    const sold = await sale(productId, 10_000);
    // The whole sale: a copy that waited for the first one's lock finds nothing left of it.
    const body = refundOf(sold.orderId, 10_000, { refundedAt: new Date().toISOString() });
    const responses = await Promise.all(Array.from({ length: 6 }, () => postRefund(body)));
    const codes = responses.map((response) => response.statusCode).sort();
    expect(codes).toEqual([200, 200, 200, 200, 200, 201]);
    const answers = responses.map((response) => response.json());
    for (const answer of answers) expect(answer).toEqual(answers[0]);
    expect(await refundRows(sold.purchaseId)).toHaveLength(1);
  });
});

describe('every sales figure is net of refunds', () => {
  it('counts a sale at its own day as its amount less its refunds, and a refunded one no more', async () => {
    const { seller, productId } = await sellerWithProduct();
    // 23:30 in Seoul two days ago: the refund, made today, still counts on that day.
    const seoulToday = new Date(Date.now() + 9 * hour).toISOString().slice(0, 10);
    const twoDaysAgo = new Date(Date.parse(`${seoulToday}T00:00:00Z`) - 2 * 24 * hour);
    const lateThatDay = new Date(twoDaysAgo.getTime() + 14.5 * hour).toISOString();
    const saleDay = new Date(twoDaysAgo.getTime()).toISOString().slice(0, 10);
    const kept = await sale(productId, 20_000, lateThatDay);
    const gone = await sale(productId, 10_000, lateThatDay);
    await refund(refundOf(kept.orderId, 5_000)); // commission back: 500; net lost: 4,500
    await refund(refundOf(gone.orderId, 10_000));

    const figures = { count: 1, amount: 15_000, commission: 1_500, net: 13_500 };
    const stats = await get<Record<string, unknown>>(seller, '/api/products/stats/sales');
    expect(stats.totalSales).toEqual(figures);
    expect(stats.monthlySales).toMatchObject(
      saleDay.slice(0, 7) === seoulToday.slice(0, 7) ? figures : {},
    );
    expect(stats.todaySales).toEqual({ count: 0, amount: 0, commission: 0, net: 0 });

    const { dailySales } = await get<{
      dailySales: { date: string; count: number; amount: number; net: number }[];
    }>(seller, '/api/products/stats/sales/daily?days=7');
    expect(dailySales.find((row) => row.date === saleDay)).toEqual({
      date: saleDay,
      count: 1,
      amount: 15_000,
      net: 13_500,
    });
    expect(dailySales.filter((row) => row.date !== saleDay).every((row) => row.count === 0)).toBe(
      true,
    );

    const byProduct = await get<{ products: Record<string, unknown>[] }>(
      seller,
      '/api/products/stats/sales/by-product',
    );
    expect(byProduct.products[0]).toMatchObject({
      productId,
      salesCount: 1,
      totalRevenue: 15_000,
      netRevenue: 13_500,
    });

    const overview = await get<{
      current: unknown;
      topProducts: Record<string, unknown>[];
      latestSales: Transaction[];
    }>(seller, '/api/products/stats/sales/overview');
    expect(overview.current).toEqual(figures);
    expect(overview.topProducts[0]).toMatchObject({ salesCount: 1, totalRevenue: 15_000 });
    expect(overview.latestSales.map((row) => row.status).sort()).toEqual([
      'partially_refunded',
      'refunded',
    ]);

    const detail = await get<{ product: { sales_count: number } }>(
      seller,
      `/api/products/${productId}`,
    );
    expect(detail.product.sales_count).toBe(1);

    // The list still shows both sales, with what was refunded of each.
    const listed = await transactions(seller);
    expect(listed.pagination.total).toBe(2);
    expect(
      listed.transactions.map(({ order_id, status, refunded_amount }) => ({
        order_id,
        status,
        refunded_amount,
      })),
    ).toEqual(
      expect.arrayContaining([
        { order_id: kept.orderId, status: 'partially_refunded', refunded_amount: 5_000 },
        { order_id: gone.orderId, status: 'refunded', refunded_amount: 10_000 },
      ]),
    );
    const ofDay = await transactions(seller, `&day=${saleDay}`);
    expect(ofDay.pagination.total).toBe(2);
    // A page past the first still finds them (the list's day seek counts refunded sales).
    const second = await get<{ transactions: Transaction[] }>(
      seller,
      '/api/products/sales/transactions?limit=1&page=2',
    );
    expect(second.transactions).toHaveLength(1);

    const csv = await t.app.inject({
      url: '/api/products/sales/export?period=all',
      headers: bearer(seller.token),
    });
    expect(csv.statusCode).toBe(200);
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]?.split(',').slice(9, 11)).toEqual(['status', 'refunded_krw']);
    expect(
      lines
        .slice(1)
        .map((line) => line.split(',').slice(9, 11).join(','))
        .sort(),
    ).toEqual(['partially_refunded,5000', 'refunded,10000']);
  });
});

describe('the refund event and mail', () => {
  it('sends sale.refunded to a webhook listening to it, with the sale and the refund', async () => {
    const { seller, productId } = await sellerWithProduct();
    const set = await t.app.inject({
      method: 'PUT',
      url: '/api/webhook',
      headers: bearer(seller.token),
      payload: { url: receiverUrl, events: ['sale.refunded'] },
    });
    expect(set.statusCode, set.body).toBe(200);
    const sold = await sale(productId, 4_000);
    const answer = await refund(refundOf(sold.orderId, 1_000));
    const sellerId = await sellerIdByEmail(t.database.db, seller.email);
    const rows = await t.database.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.sellerId, sellerId));
    expect(rows.map((row) => row.event)).toEqual(['sale.refunded']);
    const payload = webhookPayloadSchema.parse(JSON.parse(rows[0]?.body ?? ''));
    expect(payload).toMatchObject({ type: 'sale.refunded', data: answer });
    await t.app.jobQueue.runDue();
  });

  it("mails each refund to a seller who mails each sale, in the seller's language", async () => {
    const { seller, productId } = await sellerWithProduct();
    for (const [url, payload] of [
      ['/api/auth/notifications', { saleNotifications: 'each' }],
      ['/api/auth/language', { language: 'ko' }],
    ] as const) {
      const response = await t.app.inject({
        method: 'PUT',
        url,
        headers: bearer(seller.token),
        payload,
      });
      expect(response.statusCode, response.body).toBeLessThan(300);
    }
    const sold = await sale(productId, 12_000);
    await refund(refundOf(sold.orderId, 2_000, { kind: 'chargeback' }));
    await t.app.jobQueue.runDue();
    const mails = smtp.received.filter((mail) => mail.to.includes(seller.email));
    expect(mails).toHaveLength(2);
    const refundMail = mails.find((mail) => mail.subject.startsWith('환불'));
    expect(refundMail?.text).toContain(formatWon(2_000, 'ko'));
    expect(refundMail?.text).toContain(formatWon(1_800, 'ko'));
    expect(refundMail?.text).toContain('지불 거절');
  });

  it('mails no refund to a seller on the daily summary', async () => {
    const { seller, productId } = await sellerWithProduct();
    const sold = await sale(productId, 12_000);
    await refund(refundOf(sold.orderId, 2_000));
    await t.app.jobQueue.runDue();
    expect(smtp.received.filter((mail) => mail.to.includes(seller.email))).toEqual([]);
  });
});
