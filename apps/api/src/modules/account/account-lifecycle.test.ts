import { createHmac } from 'node:crypto';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { bearer, signUpSeller } from '../../test/sellers.ts';
import { type SmtpPeer, startSmtpPeer } from '../../test/smtp-peer.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

/**
 * The account lifecycle from end to end, as the design describes it and through its calls
 * only: sessions and their activity, an email change confirmed from the mail, the data export
 * against the API's own figures, and a deletion held back by the balance until the operator
 * records the payout.
 */

const internalSecret = 'lifecycle-internal-secret-0123456789abcdef';
const firefox = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';
const chrome =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

let t: TestApp;
let smtp: SmtpPeer;

beforeAll(async () => {
  smtp = await startSmtpPeer();
  t = await createTestApp({
    SMTP_URL: smtp.url,
    MAIL_FROM: 'Seller Center <no-reply@seller.example.com>',
    PUBLIC_URL: 'https://seller.example.com',
    INTERNAL_API_SECRET: internalSecret,
  });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

type Json = Record<string, unknown>;

/** A call of the seller's web app or script, with its bearer token. */
async function call(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  options: { token?: string; body?: object; userAgent?: string } = {},
) {
  return t.app.inject({
    method,
    url,
    headers: {
      ...(options.token ? bearer(options.token) : {}),
      ...(options.userAgent ? { 'user-agent': options.userAgent } : {}),
    },
    ...(options.body ? { payload: options.body } : {}),
  });
}

/**
 * A call of the member site or the operator, signed as the design says:
 * `X-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256(secret, t + "." + raw body)>`.
 */
function signed(url: string, body: object) {
  const raw = JSON.stringify(body);
  const time = Math.floor(Date.now() / 1000);
  const mac = createHmac('sha256', internalSecret).update(`${time}.${raw}`).digest('hex');
  return t.app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/json', 'x-signature': `t=${time},v1=${mac}` },
    payload: raw,
  });
}

/** The first mail to `address` whose subject matches, waiting for it to arrive. */
async function mailTo(address: string, subject: RegExp) {
  for (let count = 1; ; count += 1) {
    const received = await smtp.waitFor(count, 60_000);
    const found = received.find((mail) => mail.to.includes(address) && subject.test(mail.subject));
    if (found) return found;
  }
}

function expectStatus(response: { statusCode: number; body: string }, status: number) {
  expect(response.statusCode, response.body).toBe(status);
}

const login = (email: string, password: string, userAgent?: string) =>
  call('POST', '/api/auth/login', {
    body: { email, password },
    ...(userAgent ? { userAgent } : {}),
  });

/** A product file or image uploaded the way the web app does: a signed PUT of its bytes. */
async function upload(token: string, name: string, type: string, isImage: boolean) {
  const bytes = Buffer.from(`the bytes of ${name}`);
  const asked = await call('POST', '/api/products/get-upload-url', {
    token,
    body: { fileName: name, fileType: type, fileSize: bytes.length, isImage },
  });
  expectStatus(asked, 200);
  const { uploadUrl, s3Key, publicUrl } = asked.json<{
    uploadUrl: string;
    s3Key: string;
    publicUrl: string | null;
  }>();
  const target = new URL(uploadUrl, 'http://localhost');
  const put = await t.app.inject({
    method: 'PUT',
    url: target.pathname + target.search,
    headers: { 'content-type': type },
    payload: bytes,
  });
  expect(put.statusCode, put.body).toBeLessThan(300);
  return { s3Key, bytes, publicUrl };
}

/** A CSV of the export, BOM first: its rows as objects keyed by the header's names. */
function csvRecords(text: string): Record<string, string>[] {
  expect(text.startsWith('\uFEFF')).toBe(true);
  const [header = '', ...lines] = text
    .slice(1)
    .split('\r\n')
    .filter((line) => line !== '');
  const names = header.split(',');
  return lines.map((line) => {
    const cells = line.split(',');
    return Object.fromEntries(names.map((name, index) => [name, cells[index] ?? '']));
  });
}

// One journey of some forty calls, a dozen password checks and four jobs: longer than a test's
// usual time when the machine is busy.
it('runs an account from two sign-ins to its deletion, as the design says', {
  timeout: 180_000,
}, async () => {
  // ---- Sessions: two sign-ins, one signed out from the other --------------------------------
  const seller = await signUpSeller(t.app);
  const laptopLogin = await login(seller.email, seller.password, chrome);
  expectStatus(laptopLogin, 200);
  const laptop = laptopLogin.json<{ token: string }>().token;
  const phoneLogin = await login(seller.email, seller.password, firefox);
  expectStatus(phoneLogin, 200);
  const phone = phoneLogin.json<{ token: string }>().token;
  expectStatus(await call('GET', '/api/auth/profile', { token: phone }), 200);

  const listed = await call('GET', '/api/auth/sessions', { token: laptop });
  expectStatus(listed, 200);
  const sessions = listed.json<{ sessions: Json[] }>().sessions;
  for (const session of sessions) {
    expect(Object.keys(session).sort()).toEqual(
      ['browser', 'createdAt', 'current', 'id', 'ip', 'lastUsedAt', 'os'].sort(),
    );
  }
  const current = sessions.filter((session) => session.current === true);
  expect(current).toHaveLength(1);
  expect(String(current[0]?.browser)).toMatch(/Chrome/);
  const other = sessions.find((session) => String(session.browser).includes('Firefox'));
  expect(other?.current).toBe(false);

  const revoked = await call('DELETE', `/api/auth/sessions/${String(other?.id)}`, {
    token: laptop,
  });
  expectStatus(revoked, 204);
  expectStatus(await call('GET', '/api/auth/profile', { token: phone }), 401);
  expectStatus(await call('GET', '/api/auth/profile', { token: laptop }), 200);

  const activity = await call('GET', '/api/auth/activity?page=1&limit=10', { token: laptop });
  expectStatus(activity, 200);
  const { events, pagination } = activity.json<{ events: Json[]; pagination: Json }>();
  expect(pagination).toMatchObject({ page: 1, limit: 10 });
  // Newest first: the revocation, then the two sign-ins (and the signup's before them).
  expect(events.slice(0, 3).map((event) => event.type)).toEqual([
    'session_revoked',
    'login',
    'login',
  ]);
  expect(events.slice(1, 3).map((event) => String(event.browser))).toEqual([
    expect.stringMatching(/Firefox/),
    expect.stringMatching(/Chrome/),
  ]);
  for (const event of events) {
    expect(Object.keys(event).sort()).toEqual(['at', 'browser', 'ip', 'os', 'type']);
  }

  // ---- Email change, confirmed from the mail the SMTP server received ------------------------
  const newEmail = `moved-${seller.nickname}@example.com`;
  const asked = await call('POST', '/api/auth/email-change', {
    token: laptop,
    body: { newEmail, password: seller.password },
  });
  expectStatus(asked, 202);
  const notice = await mailTo(seller.email, /about to change/);
  expect(notice.text).toContain(newEmail);
  const linkMail = await mailTo(newEmail, /Confirm your new/);
  const confirmLink = new URL(
    /https:\/\/\S+confirm-email\?token=[\w-]+/.exec(linkMail.text)?.[0] ?? '',
  );
  const confirmed = await call('POST', '/api/auth/email-change/confirm', {
    body: { token: confirmLink.searchParams.get('token') ?? '' },
  });
  expectStatus(confirmed, 200);
  expectStatus(await login(seller.email, seller.password), 401);
  const relogin = await login(newEmail, seller.password);
  expectStatus(relogin, 200);
  const token = relogin.json<{ token: string }>().token;

  // ---- Trade: two sales, a refund, payout details and a first payout -------------------------
  const file = await upload(token, 'pattern.pdf', 'application/pdf', false);
  const cover = await upload(token, 'cover.png', 'image/png', true);
  const created = await call('POST', '/api/products/create', {
    token,
    body: {
      title: 'Knitting pattern',
      description: '',
      price: 12,
      files: [{ s3Key: file.s3Key }],
      thumbnails: [{ s3Key: cover.s3Key }],
    },
  });
  expectStatus(created, 201);
  const productId = created.json<{ product: { id: string } }>().product.id;
  // A second product that never sells: nobody is owed its files once the account goes.
  const unsoldFile = await upload(token, 'sketchbook.pdf', 'application/pdf', false);
  const unsoldCover = await upload(token, 'sketchbook.png', 'image/png', true);
  expectStatus(
    await call('POST', '/api/products/create', {
      token,
      body: {
        title: 'Sketchbook',
        description: '',
        price: 8,
        files: [{ s3Key: unsoldFile.s3Key }],
        thumbnails: [{ s3Key: unsoldCover.s3Key }],
      },
    }),
    201,
  );
  const orders = [`order-a-${seller.nickname}`, `order-b-${seller.nickname}`];
  for (const [index, orderId] of orders.entries()) {
    const sold = await signed('/api/internal/purchases', {
      orderId,
      productId,
      customerEmail: `buyer${index}@example.com`,
      paymentMethod: 'card',
      amount: 15_000 + index * 7_000,
    });
    expectStatus(sold, 201);
  }
  const refund = await signed('/api/internal/refunds', {
    refundId: `refund-${seller.nickname}`,
    orderId: orders[1],
    amount: 5_000,
    reason: 'wrong size',
  });
  expectStatus(refund, 201);
  const refunded = refund.json<{ refund: Json }>().refund;
  expectStatus(
    await call('PUT', '/api/auth/settlement-info', {
      token,
      body: {
        bank: {
          name: 'KB',
          account: '123-456-789',
          accountHolder: 'Hong Gildong',
          swiftCode: '',
          branch: 'Gangnam',
        },
      },
    }),
    200,
  );
  const due = await signed('/api/internal/payouts/due', {});
  expectStatus(due, 200);
  const dueSeller = due
    .json<{ sellers: { sellerId: string; nickname: string; balance: number }[] }>()
    .sellers.find((entry) => entry.nickname === seller.nickname);
  expect(dueSeller?.balance).toBeGreaterThan(10_000);
  const sellerId = dueSeller?.sellerId ?? '';
  const firstPayout = await signed('/api/internal/payouts', {
    payoutId: `payout-1-${seller.nickname}`,
    sellerId,
    amount: 10_000,
    method: 'bank',
    reference: 'KB-0001',
  });
  expectStatus(firstPayout, 201);

  // ---- The export: its CSV rows are the API's figures ----------------------------------------
  expectStatus(await call('POST', '/api/auth/export', { token }), 202);
  await mailTo(newEmail, /data is ready/);
  const exported = await call('GET', '/api/auth/export', { token });
  expectStatus(exported, 200);
  const offer = exported.json<{
    export: { status: string; downloadUrl: string; expiresAt: string };
  }>().export;
  expect(offer.status).toBe('ready');
  expect(Date.parse(offer.expiresAt)).toBeGreaterThan(Date.now());
  const download = new URL(offer.downloadUrl, 'http://localhost');
  const zip = await t.app.inject({ method: 'GET', url: download.pathname + download.search });
  expectStatus(zip, 200);
  const utf8 = new TextDecoder('utf-8', { ignoreBOM: true, fatal: true });
  const files = Object.fromEntries(
    Object.entries(unzipSync(new Uint8Array(zip.rawPayload))).map(([name, bytes]) => [
      name,
      utf8.decode(bytes),
    ]),
  );
  expect(Object.keys(files).sort()).toEqual(
    [
      'profile.json',
      'settlement.json',
      'products.json',
      'sales.csv',
      'refunds.csv',
      'payouts.csv',
      'ledger.csv',
      'activity.csv',
    ].sort(),
  );
  expect(JSON.parse(files['profile.json'] ?? '{}')).toMatchObject({
    email: newEmail,
    nickname: seller.nickname,
  });

  const transactions = await call('GET', '/api/products/sales/transactions?period=all&limit=100', {
    token,
  });
  expectStatus(transactions, 200);
  const sales = transactions.json<{ transactions: Json[] }>().transactions;
  expect(sales).toHaveLength(2);
  const byOrder = (rows: Json[]) =>
    [...rows].sort((a, b) => String(a.order_id).localeCompare(String(b.order_id)));
  expect(
    byOrder(
      csvRecords(files['sales.csv'] ?? '').map((row) => ({
        order_id: row.order_id,
        purchase_price: Number(row.purchase_price_krw),
        commission_amount: Number(row.commission_krw),
        net_amount: Number(row.net_krw),
        status: row.status,
        refunded_amount: Number(row.refunded_krw),
      })),
    ),
  ).toEqual(
    byOrder(
      sales.map((sale) => ({
        order_id: sale.order_id,
        purchase_price: sale.purchase_price,
        commission_amount: sale.commission_amount,
        net_amount: sale.net_amount,
        status: sale.status,
        refunded_amount: sale.refunded_amount,
      })),
    ),
  );
  expect(
    csvRecords(files['refunds.csv'] ?? '').map((row) => ({
      refundId: row.refund_id,
      orderId: row.order_id,
      kind: row.kind,
      amount: Number(row.amount_krw),
      commissionReturned: Number(row.commission_returned_krw),
      netAmount: Number(row.net_krw),
    })),
  ).toEqual([
    {
      refundId: refunded.refundId,
      orderId: refunded.orderId,
      kind: refunded.kind,
      amount: refunded.amount,
      commissionReturned: refunded.commissionReturned,
      netAmount: refunded.netAmount,
    },
  ]);
  const payouts = await call('GET', '/api/payouts?page=1&limit=100', { token });
  expectStatus(payouts, 200);
  expect(
    csvRecords(files['payouts.csv'] ?? '').map((row) => ({
      payoutId: row.payout_id,
      amount: Number(row.amount_krw),
      method: row.method,
      reference: row.reference,
    })),
  ).toEqual(
    payouts.json<{ payouts: Json[] }>().payouts.map((payout) => ({
      payoutId: payout.payoutId,
      amount: payout.amount,
      method: payout.method,
      reference: payout.reference,
    })),
  );
  const ledger = await call('GET', '/api/payouts/ledger?page=1&limit=100', { token });
  expectStatus(ledger, 200);
  const entries = ledger.json<{ entries: Json[] }>().entries;
  // The API lists newest first; the file reads oldest first down to the balance.
  expect(
    csvRecords(files['ledger.csv'] ?? '').map((row) => ({
      id: row.entry_id,
      type: row.type,
      orderId: row.order_id === '' ? null : row.order_id,
      gross: Number(row.gross_krw),
      commission: Number(row.commission_krw),
      net: Number(row.net_krw),
      balanceAfter: Number(row.balance_after_krw),
    })),
  ).toEqual(
    [...entries].reverse().map((entry) => ({
      id: entry.id,
      type: entry.type,
      orderId: entry.orderId,
      gross: entry.gross,
      commission: entry.commission,
      net: entry.net,
      balanceAfter: entry.balanceAfter,
    })),
  );
  const balance = await call('GET', '/api/payouts/balance', { token });
  expectStatus(balance, 200);
  const left = balance.json<{ balance: number }>().balance;
  expect(left).toBe(entries[0]?.balanceAfter);
  expect(left).toBeGreaterThan(0);
  expect(csvRecords(files['activity.csv'] ?? '').map((row) => row.type)).toContain(
    'export_requested',
  );

  // ---- Deletion: refused with a balance, accepted once it is paid out ------------------------
  const creatorPage = `/api/public/sellers/${seller.nickname}`;
  const productPage = `${creatorPage}/products/${productId}`;
  const shown = await call('GET', creatorPage);
  expectStatus(shown, 200);
  expect(shown.json<{ products: Json[] }>().products.map((product) => product.title)).toEqual([
    'Sketchbook',
    'Knitting pattern',
  ]);
  const sold = await call('GET', productPage);
  expectStatus(sold, 200);
  const soldFileId = String(sold.json<{ files: Json[] }>().files[0]?.id);
  const unsoldImage = new URL(unsoldCover.publicUrl ?? '', 'http://localhost');
  expectStatus(await call('GET', unsoldImage.pathname), 200);

  const refused = await call('DELETE', '/api/auth/account', {
    token,
    body: { password: seller.password },
  });
  expectStatus(refused, 409);
  expect(refused.json()).toMatchObject({ code: 'balance_outstanding' });
  expectStatus(await call('GET', '/api/auth/profile', { token }), 200);

  const lastPayout = await signed('/api/internal/payouts', {
    payoutId: `payout-2-${seller.nickname}`,
    sellerId,
    amount: left,
    method: 'bank',
  });
  expectStatus(lastPayout, 201);
  expect(lastPayout.json()).toMatchObject({ balance: 0 });
  const deleted = await call('DELETE', '/api/auth/account', {
    token,
    body: { password: seller.password },
  });
  expectStatus(deleted, 204);

  expectStatus(await call('GET', '/api/auth/profile', { token }), 401);
  expectStatus(await login(newEmail, seller.password), 401);
  // The creator page and the products leave the catalog.
  for (const url of [creatorPage, productPage]) {
    const gone = await call('GET', url);
    expectStatus(gone, 404);
    expect(gone.json()).toMatchObject({ code: 'not_found' });
  }

  // The files nobody is owed go (the unsold product's image, once the server's job has run);
  // the buyer of an earlier order still gets the file bought, byte for byte.
  await expect
    .poll(async () => (await call('GET', unsoldImage.pathname)).statusCode, { timeout: 60_000 })
    .toBe(404);
  const delivered = await signed('/api/internal/deliveries', {
    orderId: orders[0],
    fileId: soldFileId,
  });
  expectStatus(delivered, 201);
  const delivery = delivered.json<{ delivery: { fileName: string; downloadUrl: string } }>()
    .delivery;
  expect(delivery.fileName).toBe('pattern.pdf');
  const link = new URL(delivery.downloadUrl);
  const fetched = await t.app.inject({ method: 'GET', url: link.pathname + link.search });
  expectStatus(fetched, 200);
  expect(fetched.rawPayload.equals(file.bytes)).toBe(true);
  expect(String(fetched.headers['content-disposition'])).toMatch(/^attachment;.*pattern\.pdf/);
  const nickname = await call('POST', '/api/auth/signup', {
    body: {
      email: `other-${seller.nickname}@example.com`,
      nickname: seller.nickname,
      password: seller.password,
    },
  });
  expectStatus(nickname, 409);
  expect(nickname.json()).toMatchObject({ code: 'nickname_taken' });
  const anew = await call('POST', '/api/auth/signup', {
    body: {
      email: newEmail,
      nickname: `again${seller.nickname}`.slice(0, 20),
      password: seller.password,
    },
  });
  expectStatus(anew, 201);
  const fresh = anew.json<{ token: string }>().token;
  const freshBalance = await call('GET', '/api/payouts/balance', { token: fresh });
  expect(freshBalance.json()).toMatchObject({ balance: 0 });
  const freshSales = await call('GET', '/api/products/sales/transactions?period=all', {
    token: fresh,
  });
  expect(freshSales.json<{ transactions: Json[] }>().transactions).toEqual([]);
});
