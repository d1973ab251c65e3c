import { randomUUID } from 'node:crypto';
import type { RecordPayoutBody } from '@seller/contract/internal/record-payout';
import { parse } from 'content-disposition';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webhookDeliveries } from '../../db/schema.ts';
import { insertProduct, sellerIdByEmail, setSellerCreatedAt } from '../../test/database-rows.ts';
import { expectPayoutBalanceAgrees } from '../../test/ledger-calls.ts';
import {
  internalSecret,
  purchase,
  recordPurchase,
  signedPost,
} from '../../test/member-site-calls.ts';
import { bearer, signUpSeller, type TestSeller } from '../../test/sellers.ts';
import { type SmtpPeer, startSmtpPeer } from '../../test/smtp-peer.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { ledgerCsvRows, ledgerPages } from './ledger-csv.ts';
import { createPayoutRepository } from './payouts.repository.ts';

const payoutsUrl = '/api/internal/payouts';
const dueUrl = '/api/internal/payouts/due';
const year = 365 * 24 * 60 * 60 * 1000;

let t: TestApp;
let smtp: SmtpPeer;
beforeAll(async () => {
  smtp = await startSmtpPeer();
  t = await createTestApp({
    INTERNAL_API_SECRET: internalSecret,
    SMTP_URL: smtp.url,
    TIME_ZONE: 'Asia/Seoul',
    WEBHOOK_ALLOW_LOOPBACK: 'true',
  });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

interface Seller extends TestSeller {
  id: string;
  productId: string;
}

/** A seller past the introductory months (10 % commission) with one product. */
async function sellerWithProduct(title = 'Pottery basics'): Promise<Seller> {
  const seller = await signUpSeller(t.app);
  const id = await sellerIdByEmail(t.database.db, seller.email);
  await setSellerCreatedAt(t.database.db, id, new Date(Date.now() - 2 * year));
  const productId = await insertProduct(t.database.db, id, { title, price: 15_000 });
  return { ...seller, id, productId };
}

const get = (seller: TestSeller, url: string) =>
  t.app.inject({ method: 'GET', url, headers: bearer(seller.token) });

async function setBank(seller: TestSeller) {
  const response = await t.app.inject({
    method: 'PUT',
    url: '/api/auth/settlement-info',
    headers: bearer(seller.token),
    payload: {
      bank: {
        name: 'KB국민은행',
        account: '123-456-789',
        accountHolder: '김판매',
        swiftCode: '',
        branch: '강남',
      },
    },
  });
  expect(response.statusCode, response.body).toBe(200);
}

const payout = (seller: Seller, overrides: Partial<RecordPayoutBody> = {}) =>
  ({
    payoutId: `payout-${randomUUID()}`,
    sellerId: seller.id,
    amount: 10_000,
    method: 'bank',
    ...overrides,
  }) satisfies RecordPayoutBody;

async function sell(seller: Seller, amount: number) {
  return recordPurchase(t.app, purchase(seller.productId, { amount }));
}

describe('GET /api/payouts/balance', () => {
  it('is zero for a new seller, with no payout yet', async () => {
    const seller = await sellerWithProduct();
    const response = await get(seller, '/api/payouts/balance');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      balance: 0,
      totals: { sales: 0, commission: 0, refunds: 0, payouts: 0 },
      lastPayoutAt: null,
    });
  });

  it('is the net of the sales less the payouts, with the totals it is made of', async () => {
    const seller = await sellerWithProduct();
    await sell(seller, 15_000);
    await sell(seller, 8_000);
    await setBank(seller);
    const paidAt = new Date(Date.now() - 60_000).toISOString();
    expect(
      (await signedPost(t.app, payoutsUrl, payout(seller, { amount: 5_000, paidAt }))).statusCode,
    ).toBe(201);
    expect((await get(seller, '/api/payouts/balance')).json()).toEqual({
      balance: 13_500 + 7_200 - 5_000,
      totals: { sales: 23_000, commission: 2_300, refunds: 0, payouts: 5_000 },
      lastPayoutAt: paidAt,
    });
  });

  it('goes below zero when a sale paid out is refunded', async () => {
    const seller = await sellerWithProduct();
    const sale = await sell(seller, 10_000);
    await setBank(seller);
    expect(
      (await signedPost(t.app, payoutsUrl, payout(seller, { amount: 9_000 }))).statusCode,
    ).toBe(201);
    const refund = await signedPost(t.app, '/api/internal/refunds', {
      refundId: `refund-${randomUUID()}`,
      orderId: sale.orderId,
      amount: 10_000,
    });
    expect(refund.statusCode, refund.body).toBe(201);
    expect((await get(seller, '/api/payouts/balance')).json()).toMatchObject({
      balance: -9_000,
      totals: { sales: 10_000, commission: 0, refunds: 10_000, payouts: 9_000 },
    });
    const again = await signedPost(t.app, payoutsUrl, payout(seller, { amount: 1 }));
    expect(again.json()).toMatchObject({ code: 'payout_exceeds_balance' });
  });

  it('needs a sign-in', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/payouts/balance' });
    expect(response.statusCode).toBe(401);
  });
});

describe('POST /api/internal/payouts', () => {
  let seller: Seller;
  beforeAll(async () => {
    seller = await sellerWithProduct();
    await sell(seller, 20_000);
  });

  it('refuses a method whose details the seller has not filled in with 409 payout_method_missing', async () => {
    const response = await signedPost(t.app, payoutsUrl, payout(seller));
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: 'payout_method_missing' });
    await setBank(seller);
    const paypal = await signedPost(t.app, payoutsUrl, payout(seller, { method: 'paypal' }));
    expect(paypal.json()).toMatchObject({ code: 'payout_method_missing' });
  });

  it('records a payout (201) with the balance it leaves, and a replay of it is 200', async () => {
    const body = payout(seller, { amount: 6_000, reference: 'KB-0001' });
    const first = await signedPost(t.app, payoutsUrl, body);
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toEqual({
      payout: {
        id: expect.any(String),
        payoutId: body.payoutId,
        amount: 6_000,
        method: 'bank',
        reference: 'KB-0001',
        paidAt: expect.any(String),
      },
      balance: 18_000 - 6_000,
    });
    const replay = await signedPost(t.app, payoutsUrl, body);
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toEqual(first.json());
    expect((await get(seller, '/api/payouts/balance')).json().balance).toBe(12_000);
    // The statement, the payout's ledger entry and the mail tell the balance it answered.
    await expectPayoutBalanceAgrees(t, seller, first.json());
  });

  it('refuses the same payout id with other content with 409 conflict', async () => {
    const body = payout(seller, { amount: 1_000 });
    expect((await signedPost(t.app, payoutsUrl, body)).statusCode).toBe(201);
    const other = await signedPost(t.app, payoutsUrl, { ...body, amount: 1_001 });
    expect(other.statusCode).toBe(409);
    expect(other.json()).toMatchObject({ code: 'conflict' });
    expect((await get(seller, '/api/payouts/balance')).json().balance).toBe(11_000);
  });

  it('refuses more than the balance with 409 payout_exceeds_balance, writing nothing', async () => {
    const response = await signedPost(t.app, payoutsUrl, payout(seller, { amount: 11_001 }));
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: 'payout_exceeds_balance' });
    expect((await get(seller, '/api/payouts/balance')).json().balance).toBe(11_000);
  });

  it('never overdraws with two payouts of one seller at once', async () => {
    const answers = await Promise.all([
      signedPost(t.app, payoutsUrl, payout(seller, { amount: 11_000 })),
      signedPost(t.app, payoutsUrl, payout(seller, { amount: 11_000 })),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
    expect((await get(seller, '/api/payouts/balance')).json().balance).toBe(0);
  });

  it('answers 404 for an unknown seller', async () => {
    const response = await signedPost(
      t.app,
      payoutsUrl,
      payout({ ...seller, id: randomUUID() }, { amount: 1 }),
    );
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: 'not_found' });
  });

  it.each([
    ['a zero amount', { amount: 0 }],
    ['a fractional amount', { amount: 1.5 }],
    ['an unknown method', { method: 'cash' }],
    ['a payout id with spaces', { payoutId: 'pay out' }],
    ['a seller id that is not one', { sellerId: 'seller-1' }],
    ['a time far ahead', { paidAt: new Date(Date.now() + 3_600_000).toISOString() }],
    ['a time before 2000', { paidAt: '1999-12-31T00:00:00Z' }],
  ])('refuses %s with 400 validation_failed', async (_name, overrides) => {
    const response = await signedPost(t.app, payoutsUrl, { ...payout(seller), ...overrides });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'validation_failed' });
  });

  it('needs the signature', async () => {
    const response = await signedPost(t.app, payoutsUrl, payout(seller), { signature: null });
    expect(response.statusCode).toBe(401);
  });

  it('takes a seller id sent in capitals as the stored one: its replay is 200', async () => {
    const own = await sellerWithProduct();
    await sell(own, 10_000);
    await setBank(own);
    const body = payout(own, { amount: 2_000, sellerId: own.id.toUpperCase() });
    const first = await signedPost(t.app, payoutsUrl, body);
    expect(first.statusCode, first.body).toBe(201);
    for (const replayed of [body, { ...body, sellerId: own.id }]) {
      const replay = await signedPost(t.app, payoutsUrl, replayed);
      expect(replay.statusCode, replay.body).toBe(200);
      expect(replay.json()).toEqual(first.json());
    }
    expect((await get(own, '/api/payouts/balance')).json().balance).toBe(9_000 - 2_000);
  });
});

describe('what a payout tells the seller', () => {
  it('queues the payout.paid event and mails the seller in their language', async () => {
    const seller = await sellerWithProduct();
    await sell(seller, 10_000);
    await setBank(seller);
    const language = await t.app.inject({
      method: 'PUT',
      url: '/api/auth/language',
      headers: bearer(seller.token),
      payload: { language: 'ko' },
    });
    expect(language.statusCode).toBeLessThan(300);
    const hook = await t.app.inject({
      method: 'PUT',
      url: '/api/webhook',
      headers: bearer(seller.token),
      payload: { url: 'http://127.0.0.1:9/hook', events: ['payout.paid'] },
    });
    expect(hook.statusCode, hook.body).toBe(200);

    const response = await signedPost(t.app, payoutsUrl, payout(seller, { amount: 4_000 }));
    expect(response.statusCode).toBe(201);
    const [delivery] = await t.database.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.sellerId, seller.id));
    expect(delivery?.event).toBe('payout.paid');
    expect(JSON.parse(delivery?.body ?? '{}')).toMatchObject({
      type: 'payout.paid',
      data: response.json(),
    });

    await t.app.jobQueue.runDue();
    const mail = smtp.received.find((received) => received.to.includes(seller.email));
    expect(mail?.subject).toBe('정산금 지급: 4,000원');
    expect(mail?.text).toContain('현재 잔액은 5,000원입니다.');
  });
});

describe('the ledger', () => {
  let seller: Seller;
  let other: Seller;
  beforeAll(async () => {
    seller = await sellerWithProduct('=HYPERLINK("x")');
    other = await sellerWithProduct();
    await setBank(seller);
    await sell(seller, 15_000);
    await sell(seller, 5_000);
    await signedPost(t.app, payoutsUrl, payout(seller, { amount: 10_000 }));
    await sell(seller, 3_000);
    await sell(other, 7_000);
  });

  it('lists every entry newest first with the running balance', async () => {
    const response = await get(seller, '/api/payouts/ledger');
    expect(response.statusCode).toBe(200);
    const { entries, pagination } = response.json();
    expect(pagination).toEqual({ total: 4, page: 1, limit: 20, totalPages: 1 });
    expect(
      entries.map((entry: Record<string, unknown>) => [
        entry.type,
        entry.gross,
        entry.commission,
        entry.net,
        entry.balanceAfter,
      ]),
    ).toEqual([
      ['sale', 3_000, 300, 2_700, 10_700],
      ['payout', -10_000, 0, -10_000, 8_000],
      ['sale', 5_000, 500, 4_500, 18_000],
      ['sale', 15_000, 1_500, 13_500, 13_500],
    ]);
    expect(entries[0]).toMatchObject({
      productTitle: '=HYPERLINK("x")',
      orderId: expect.any(String),
    });
    expect(entries[1]).toMatchObject({ productTitle: null, orderId: null });
  });

  it('pages, and keeps the running balance of the whole ledger on each page', async () => {
    const { entries, pagination } = (
      await get(seller, '/api/payouts/ledger?page=2&limit=3')
    ).json();
    expect(pagination).toEqual({ total: 4, page: 2, limit: 3, totalPages: 2 });
    expect(entries.map((entry: { balanceAfter: number }) => entry.balanceAfter)).toEqual([13_500]);
  });

  it('narrows to local days, both included', async () => {
    const today = new Date(Date.now() + 9 * 3_600_000).toISOString().slice(0, 10);
    const todays = (await get(seller, `/api/payouts/ledger?from=${today}&to=${today}`)).json();
    expect(todays.pagination.total).toBe(4);
    const old = (await get(seller, '/api/payouts/ledger?from=2001-01-01&to=2001-12-31')).json();
    expect(old).toEqual({
      entries: [],
      pagination: { total: 0, page: 1, limit: 20, totalPages: 0 },
    });
  });

  it.each([
    ['a day that is not one', 'from=2026-02-30'],
    ['a day in another form', 'to=20260101'],
    ['a first day after the last', 'from=2026-03-02&to=2026-03-01'],
    ['a page of zero', 'page=0'],
  ])('refuses %s with 400 validation_failed', async (_name, query) => {
    const response = await get(seller, `/api/payouts/ledger?${query}`);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'validation_failed' });
  });

  it('exports the same entries as CSV, with a BOM and no formula', async () => {
    const response = await get(seller, '/api/payouts/ledger/export');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename=ledger-\d{4}-\d{2}-\d{2}\.csv$/,
    );
    const lines = response.body.split('\r\n');
    expect(lines[0]).toBe(
      '\uFEFFdate,type,order_id,product_title,gross_krw,commission_krw,net_krw,balance_after_krw,entry_id',
    );
    expect(lines).toHaveLength(6);
    expect(lines[1]).toMatch(
      /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2},sale,order-[^,]+,"'=HYPERLINK\(""x""\)",3000,300,2700,10700,[0-9a-f-]{36}$/,
    );
    expect(lines[2]).toMatch(/,payout,,,-10000,0,-10000,8000,[0-9a-f-]{36}$/);
  });
});

describe('the ledger CSV while entries arrive', () => {
  /** The entry ids of CSV text (the last column), in the file's order. */
  const entryIds = (text: string) =>
    text
      .split('\r\n')
      .slice(1)
      .filter(Boolean)
      .map((line) => line.split(',').at(-1));

  /** Reads the file a chunk at a time, selling once more after each page of entries. */
  async function readWhileSelling(seller: Seller, lines: AsyncIterable<string>) {
    let text = '';
    let chunks = 0;
    for await (const chunk of lines) {
      text += chunk;
      chunks += 1;
      if (chunks > 1) await sell(seller, 1_000);
    }
    return text;
  }

  const ledgerIds = async (seller: Seller) =>
    (await get(seller, '/api/payouts/ledger?page=1&limit=100'))
      .json<{ entries: { id: string }[] }>()
      .entries.map((entry) => entry.id);

  it('newest first, never lists an entry twice or leaves one out when sales arrive between pages', async () => {
    const seller = await sellerWithProduct();
    for (const amount of [1_000, 2_000, 3_000, 4_000, 5_000]) await sell(seller, amount);
    const before = await ledgerIds(seller);
    const repository = createPayoutRepository(t.database, t.config.timeZone);
    const pages = ledgerPages(repository, seller.id, {}, 'newest first', 2);
    const text = await readWhileSelling(seller, ledgerCsvRows(pages, t.config.timeZone));
    // The file is the ledger as it was when the download began; the sales made meanwhile
    // are newer than all of it.
    expect(entryIds(text)).toEqual(before);
    expect((await ledgerIds(seller)).slice(-before.length)).toEqual(before);
  });

  it('oldest first, lists the entries that arrive during the download once, at the end', async () => {
    const seller = await sellerWithProduct();
    for (const amount of [1_000, 2_000, 3_000]) await sell(seller, amount);
    const repository = createPayoutRepository(t.database, t.config.timeZone);
    const pages = ledgerPages(repository, seller.id, {}, 'oldest first', 2);
    const text = await readWhileSelling(seller, ledgerCsvRows(pages, t.config.timeZone));
    const after = await ledgerIds(seller);
    const listed = entryIds(text);
    expect(new Set(listed).size).toBe(listed.length);
    expect(listed).toEqual([...after].reverse().slice(0, listed.length));
    expect(listed.length).toBeGreaterThan(3);
    // Each line's balance is the running sum of the ledger.
    const balances = text
      .split('\r\n')
      .slice(1)
      .filter(Boolean)
      .map((line) => Number(line.split(',').at(-2)));
    expect(balances.at(-1)).toBe(
      text
        .split('\r\n')
        .slice(1)
        .filter(Boolean)
        .reduce((sum, line) => sum + Number(line.split(',').at(-3)), 0),
    );
  });
});

describe('payouts and their statements', () => {
  let seller: Seller;
  let other: Seller;
  let first: string;
  let second: string;
  beforeAll(async () => {
    seller = await sellerWithProduct();
    other = await sellerWithProduct();
    await setBank(seller);
    await sell(seller, 10_000);
    first = (await signedPost(t.app, payoutsUrl, payout(seller, { amount: 9_000 }))).json().payout
      .id;
    await sell(seller, 20_000);
    await sell(seller, 4_000);
    second = (
      await signedPost(t.app, payoutsUrl, payout(seller, { amount: 20_000, reference: 'R-2' }))
    ).json().payout.id;
    await sell(seller, 1_000);
  });

  it('lists the payouts newest first', async () => {
    const response = await get(seller, '/api/payouts');
    expect(response.statusCode).toBe(200);
    const { payouts, pagination } = response.json();
    expect(payouts.map((row: { id: string }) => row.id)).toEqual([second, first]);
    expect(payouts[0]).toMatchObject({ amount: 20_000, method: 'bank', reference: 'R-2' });
    expect(pagination).toEqual({ total: 2, page: 1, limit: 20, totalPages: 1 });
    expect((await get(other, '/api/payouts')).json().payouts).toEqual([]);
  });

  it('sums the entries after the previous payout up to this one', async () => {
    const response = await get(seller, `/api/payouts/${second}`);
    expect(response.statusCode).toBe(200);
    const { payout: shown, statement } = response.json();
    expect(shown).toMatchObject({ id: second, amount: 20_000 });
    expect(statement).toEqual({
      from: expect.any(String),
      to: expect.any(String),
      openingBalance: 0,
      sales: { count: 2, gross: 24_000, commission: 2_400, net: 21_600 },
      refunds: { count: 0, amount: 0, commissionReturned: 0, net: 0 },
      closingBalance: 1_600,
    });
    const opening = (await get(seller, `/api/payouts/${first}`)).json().statement;
    expect(opening).toMatchObject({
      openingBalance: 0,
      sales: { count: 1, gross: 10_000, commission: 1_000, net: 9_000 },
      closingBalance: 0,
    });
    expect(statement.from).toBe(opening.to);
  });

  it('lists the statement as CSV, oldest first, the payout last', async () => {
    const response = await get(seller, `/api/payouts/${second}/statement.csv`);
    expect(response.statusCode).toBe(200);
    expect(parse(String(response.headers['content-disposition'])).parameters.filename).toBe(
      `payout-${second}.csv`,
    );
    const lines = response.body.split('\r\n').filter(Boolean);
    expect(lines.map((line) => line.split(',').slice(-5, -1).join(','))).toEqual([
      'gross_krw,commission_krw,net_krw,balance_after_krw',
      '20000,2000,18000,18000',
      '4000,400,3600,21600',
      '-20000,0,-20000,1600',
    ]);
  });

  it("answers another seller's payout, or an id that is not one, like a missing one (404)", async () => {
    for (const url of [
      `/api/payouts/${second}`,
      `/api/payouts/${randomUUID()}`,
      '/api/payouts/not-an-id',
      `/api/payouts/${second}/statement.csv`,
    ]) {
      const response = await get(other, url);
      expect(response.statusCode, url).toBe(404);
      expect(response.json()).toMatchObject({ code: 'not_found' });
    }
  });
});

describe('POST /api/internal/payouts/due', () => {
  it('lists the sellers whose balance reaches the least amount, with their payout details', async () => {
    const rich = await sellerWithProduct();
    const poor = await sellerWithProduct();
    await setBank(rich);
    await sell(rich, 100_000);
    await sell(poor, 1_000);
    const response = await signedPost(t.app, dueUrl, { minAmount: 50_000 });
    expect(response.statusCode).toBe(200);
    const { sellers } = response.json();
    const listed = sellers.map((row: { sellerId: string }) => row.sellerId);
    expect(listed).toContain(rich.id);
    expect(listed).not.toContain(poor.id);
    expect(sellers.find((row: { sellerId: string }) => row.sellerId === rich.id)).toEqual({
      sellerId: rich.id,
      nickname: rich.nickname,
      email: rich.email,
      balance: 90_000,
      settlement: {
        alipay: { phone: '', realName: '' },
        bank: {
          name: 'KB국민은행',
          account: '123-456-789',
          accountHolder: '김판매',
          swiftCode: '',
          branch: '강남',
        },
        paypal: { email: '', accountHolder: '' },
      },
    });
    const everyone = (await signedPost(t.app, dueUrl, {})).json().sellers;
    expect(everyone.map((row: { sellerId: string }) => row.sellerId)).toContain(poor.id);
  });

  it('refuses a least amount below 1 with 400', async () => {
    expect((await signedPost(t.app, dueUrl, { minAmount: 0 })).statusCode).toBe(400);
  });
});
