import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import type { DataExportResponse } from '@seller/contract/auth/data-export';
import type { TransactionsResponse } from '@seller/contract/sales/get-transactions';
import { eq } from 'drizzle-orm';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiTokens,
  dataExports,
  loginChallenges,
  payouts,
  productFiles,
  products,
  productThumbnails,
  recoveryCodes,
  securityEvents,
  sellerSessions,
  sellers,
  settlementInfos,
  webhookDeliveries,
  webhooks,
} from '../../db/schema.ts';
import { authenticator } from '../../test/authenticator.ts';
import { localPath } from '../../test/completed-uploads.ts';
import { sellerIdByEmail } from '../../test/database-rows.ts';
import { internalSecret, purchase, recordPurchase } from '../../test/member-site-calls.ts';
import { createProductFor } from '../../test/seller-products.ts';
import { bearer, signUpSeller, type TestSeller } from '../../test/sellers.ts';
import { createSiblingApp, createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
/** The app's clock: the tests move it past the export's day. */
let now = new Date('2026-11-24T09:00:00Z');
beforeAll(async () => {
  t = await createTestApp(
    { INTERNAL_API_SECRET: internalSecret, PUBLIC_URL: 'https://seller.example.com' },
    { clock: () => now },
  );
});
afterAll(async () => {
  await t.close();
});

function call(
  method: 'GET' | 'POST' | 'DELETE' | 'PUT',
  url: string,
  token: string,
  payload?: object,
) {
  return t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
}

const getExport = async (seller: TestSeller) => {
  const response = await call('GET', '/api/auth/export', seller.token);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<DataExportResponse>().export;
};

/** The mail of the outbox whose text contains `needle`, read as it was written. */
async function mailsContaining(needle: string): Promise<string[]> {
  const outbox = path.join(t.config.dataDir, 'outbox');
  const files = (await readdir(outbox).catch(() => [])).filter((file) => file.endsWith('.eml'));
  const texts = await Promise.all(files.map((file) => readFile(path.join(outbox, file), 'utf8')));
  return texts.filter((text) => text.includes(needle));
}

/** The files of a ready export, fetched through its download link and unzipped. */
async function downloadExport(seller: TestSeller): Promise<Record<string, string>> {
  const ready = await getExport(seller);
  expect(ready?.status).toBe('ready');
  const url = new URL(ready?.downloadUrl ?? '');
  const response = await t.app.inject({ method: 'GET', url: url.pathname + url.search });
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toBe('application/zip');
  const files = unzipSync(new Uint8Array(response.rawPayload));
  // The byte order mark is kept, to be checked.
  const utf8 = new TextDecoder('utf-8', { ignoreBOM: true, fatal: true });
  return Object.fromEntries(
    Object.entries(files).map(([name, bytes]) => [name, utf8.decode(bytes)]),
  );
}

/** A CSV's rows after its header, each split on commas (the tests' values hold none). */
function csvRows(text: string): string[][] {
  expect(text.startsWith('\uFEFF')).toBe(true);
  return text
    .slice(1)
    .split('\r\n')
    .filter((line) => line !== '')
    .slice(1)
    .map((line) => line.split(','));
}

async function insertPayout(sellerId: string, amount: number) {
  await t.database.db.insert(payouts).values({
    payoutId: `payout-${sellerId}-${amount}`,
    sellerId,
    amount,
    method: 'bank',
    paidAt: now,
  });
}

describe('data export', () => {
  it('builds a ZIP whose files hold the account, Korean and Chinese intact, figures as the API', async () => {
    const seller = await signUpSeller(t.app);
    const sellerId = await sellerIdByEmail(t.database.db, seller.email);
    await call('PUT', '/api/auth/profile', seller.token, {
      nickname: seller.nickname,
      bio: '手工陶瓷 — 도자기 공방',
    });
    const product = await createProductFor(t.app, seller.token, '=도자기 기초 陶瓷');
    await recordPurchase(t.app, purchase(product.product.id, { amount: 15_000 }));
    await recordPurchase(t.app, purchase(product.product.id, { amount: 22_000 }));
    await insertPayout(sellerId, 10_000);

    const asked = await call('POST', '/api/auth/export', seller.token);
    expect(asked.statusCode, asked.body).toBe(202);
    expect(asked.json<DataExportResponse>().export).toMatchObject({
      status: 'pending',
      downloadUrl: null,
    });
    // Asking again while it is built starts nothing more.
    const again = await call('POST', '/api/auth/export', seller.token);
    expect(again.statusCode).toBe(202);
    expect(again.json<DataExportResponse>().export?.requestedAt).toBe(
      asked.json<DataExportResponse>().export?.requestedAt,
    );
    const requests = await t.database.db
      .select()
      .from(dataExports)
      .where(eq(dataExports.sellerId, sellerId));
    expect(requests).toHaveLength(1);
    const events = await t.database.db
      .select()
      .from(securityEvents)
      .where(eq(securityEvents.sellerId, sellerId));
    // The sign-in that made the seller's session is in the activity too.
    expect(events.filter((event) => event.type === 'export_requested')).toHaveLength(1);

    await t.app.jobQueue.runDue();
    const ready = await getExport(seller);
    expect(ready).toMatchObject({
      status: 'ready',
      expiresAt: new Date(now.getTime() + 24 * 3600_000).toISOString(),
      // The link itself lives five minutes from when it was given: the screen asks again before.
      downloadUrlExpiresAt: new Date(now.getTime() + 5 * 60_000).toISOString(),
    });
    const files = await downloadExport(seller);
    expect(Object.keys(files)).toEqual([
      'profile.json',
      'settlement.json',
      'products.json',
      'sales.csv',
      'refunds.csv',
      'payouts.csv',
      'ledger.csv',
      'activity.csv',
    ]);

    const profile = JSON.parse(files['profile.json'] ?? '{}');
    expect(profile).toMatchObject({
      id: sellerId,
      email: seller.email,
      nickname: seller.nickname,
      bio: '手工陶瓷 — 도자기 공방',
    });
    const listed = JSON.parse(files['products.json'] ?? '[]');
    expect(listed).toHaveLength(1);
    expect(listed[0]).toMatchObject({
      id: product.product.id,
      title: '=도자기 기초 陶瓷',
      download_limit: product.product.download_limit,
    });
    expect(listed[0].files[0]).toMatchObject({
      file_original_name: product.files[0]?.file_original_name,
    });

    // The sales rows are the transactions the API lists, amounts and commission alike.
    const transactions = await call(
      'GET',
      '/api/products/sales/transactions?period=all',
      seller.token,
    );
    const { transactions: sold } = transactions.json<TransactionsResponse>();
    const saleRows = csvRows(files['sales.csv'] ?? '');
    expect(
      saleRows.map((row) => [row[1], row[2], Number(row[5]), Number(row[7]), Number(row[8])]),
    ).toEqual(
      sold.map((sale) => [
        sale.order_id,
        // A title a spreadsheet would run as a formula is written as text.
        `'${sale.product_title}`,
        sale.purchase_price,
        sale.commission_amount,
        sale.net_amount,
      ]),
    );

    // The ledger reads down to the balance: both sales less the payout.
    const ledger = csvRows(files['ledger.csv'] ?? '');
    expect(ledger.map((row) => row[1])).toEqual(['sale', 'sale', 'payout']);
    const net = sold.reduce((sum, sale) => sum + sale.net_amount, 0);
    expect(Number(ledger.at(-1)?.[7])).toBe(net - 10_000);
    expect(csvRows(files['payouts.csv'] ?? '').map((row) => Number(row[2]))).toEqual([10_000]);
    expect(csvRows(files['refunds.csv'] ?? '')).toEqual([]);
    // The export's request and the sign-in that made the session, which may share a second.
    expect(
      csvRows(files['activity.csv'] ?? '')
        .map((row) => row[1])
        .sort(),
    ).toEqual(['export_requested', 'login']);

    const mails = await mailsContaining('Your Seller Center data is ready to download');
    expect(mails.some((mail) => mail.includes(`To: ${seller.email}`))).toBe(true);
  });

  it('offers the file for 24 hours, then removes it and says it expired', async () => {
    const seller = await signUpSeller(t.app);
    expect(await getExport(seller)).toBeNull();
    await call('POST', '/api/auth/export', seller.token);
    await t.app.jobQueue.runDue();
    const ready = await getExport(seller);
    expect(ready?.status).toBe('ready');
    const [row] = await t.database.db
      .select()
      .from(dataExports)
      .innerJoin(sellers, eq(sellers.id, dataExports.sellerId))
      .where(eq(sellers.email, seller.email));
    const key = row?.data_exports.storageKey ?? '';
    expect(key).toMatch(/\.zip$/);

    const started = now;
    try {
      now = new Date(started.getTime() + 24 * 3600_000 + 60_000);
      expect(await getExport(seller)).toMatchObject({ status: 'expired', downloadUrl: null });
      await t.app.jobQueue.enqueueSlots();
      await t.app.jobQueue.runDue();
      const [after] = await t.database.db
        .select()
        .from(dataExports)
        .where(eq(dataExports.id, row?.data_exports.id ?? ''));
      expect(after?.storageKey).toBeNull();
      const link = new URL(ready?.downloadUrl ?? '');
      const gone = await t.app.inject({ method: 'GET', url: link.pathname + link.search });
      expect(gone.statusCode).toBeGreaterThanOrEqual(400);
    } finally {
      now = started;
    }
  });

  it('is refused to a personal API token', async () => {
    const seller = await signUpSeller(t.app);
    const created = await call('POST', '/api/auth/api-tokens', seller.token, {
      name: 'script',
      scopes: ['sales:read'],
    });
    const { token } = created.json<{ token: string }>();
    const response = await call('POST', '/api/auth/export', token);
    expect(response.statusCode).toBe(403);
  });
});

describe('account deletion', () => {
  it('removes the avatar and the files of unsold products by their storage keys, whatever address the server has now', async () => {
    const seller = await signUpSeller(t.app);
    const product = await createProductFor(t.app, seller.token, 'Never sold');
    const bytes = Buffer.from('an avatar image');
    const started = await call('POST', '/api/auth/avatar-upload-url', seller.token, {
      fileName: 'me.png',
      fileType: 'image/png',
      fileSize: bytes.length,
    });
    const avatar = started.json<{
      uploadUrl: string;
      publicUrl: string;
      s3Key: string;
      contentType: string;
    }>();
    const put = await t.app.inject({
      method: 'PUT',
      url: localPath(avatar.uploadUrl),
      headers: { 'content-type': avatar.contentType },
      payload: bytes,
    });
    expect(put.statusCode).toBe(200);
    const set = await call('PUT', '/api/auth/avatar', seller.token, {
      avatarUrl: avatar.publicUrl,
    });
    expect(set.statusCode, set.body).toBe(200);
    expect(avatar.publicUrl.startsWith('https://seller.example.com/')).toBe(true);

    const [file] = await t.database.db
      .select({ key: productFiles.storageKey })
      .from(productFiles)
      .where(eq(productFiles.productId, product.product.id));
    const [thumbnail] = await t.database.db
      .select({ key: productThumbnails.storageKey })
      .from(productThumbnails)
      .where(eq(productThumbnails.productId, product.product.id));
    const keys = [avatar.s3Key, file?.key ?? '', thumbnail?.key ?? ''];
    const onDisk = (key: string) =>
      stat(path.join(t.config.storage.driver === 'local' ? t.config.storage.root : '', key)).then(
        () => true,
        () => false,
      );
    for (const key of keys) expect(await onDisk(key), key).toBe(true);

    // The server has moved since the avatar was set: its public URL names the old address.
    const moved = await createSiblingApp(t, {
      PUBLIC_URL: 'https://sellers.example.org',
      JWT_SECRET: t.config.jwtSecret,
      INTERNAL_API_SECRET: internalSecret,
    });
    try {
      const deleted = await moved.inject({
        method: 'DELETE',
        url: '/api/auth/account',
        headers: bearer(seller.token),
        payload: { password: seller.password },
      });
      expect(deleted.statusCode, deleted.body).toBe(204);
      await moved.jobQueue.runDue();
    } finally {
      await moved.close();
    }
    for (const key of keys) expect(await onDisk(key), key).toBe(false);
  });

  it('refuses a wrong password with 400 wrong_password and a missing code when two factors are on', async () => {
    const seller = await signUpSeller(t.app);
    const wrong = await call('DELETE', '/api/auth/account', seller.token, {
      password: 'nope-nope',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ code: 'wrong_password' });

    const setup = await call('POST', '/api/auth/2fa/setup', seller.token);
    const { secret } = setup.json<{ secret: string }>();
    // Two-factor codes go by the app's clock.
    const app = authenticator(secret, { now: () => now.getTime() });
    await call('POST', '/api/auth/2fa/enable', seller.token, { code: await app.nextCode() });
    const noCode = await call('DELETE', '/api/auth/account', seller.token, {
      password: seller.password,
    });
    expect(noCode.statusCode).toBe(400);
    expect(noCode.json()).toMatchObject({ code: 'two_factor_code_invalid' });
    const badCode = await call('DELETE', '/api/auth/account', seller.token, {
      password: seller.password,
      code: '12345x',
    });
    expect(badCode.statusCode).toBe(400);
    const profile = await call('GET', '/api/auth/profile', seller.token);
    expect(profile.statusCode).toBe(200);
  });

  it('ends the second factor and removes the webhook with its delivery log', async () => {
    const seller = await signUpSeller(t.app);
    const sellerId = await sellerIdByEmail(t.database.db, seller.email);
    const setup = await call('POST', '/api/auth/2fa/setup', seller.token);
    const phone = authenticator(setup.json<{ secret: string }>().secret, {
      now: () => now.getTime(),
    });
    const enabled = await call('POST', '/api/auth/2fa/enable', seller.token, {
      code: await phone.nextCode(),
    });
    expect(enabled.statusCode, enabled.body).toBe(200);
    // A sign-in waiting for its code.
    const waiting = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: seller.email, password: seller.password },
    });
    expect(waiting.json()).toMatchObject({ twoFactorRequired: true });
    await t.database.db.insert(webhooks).values({
      sellerId,
      url: 'https://hooks.example.com/seller',
      events: ['sale.created'],
      secret: 'sealed',
    });
    await t.database.db.insert(webhookDeliveries).values({
      sellerId,
      eventId: '00000000-0000-4000-8000-000000000001',
      event: 'sale.created',
      body: '{}',
    });
    const rowsOf = async () => ({
      recoveryCodes: await t.database.db
        .select()
        .from(recoveryCodes)
        .where(eq(recoveryCodes.sellerId, sellerId)),
      challenges: await t.database.db
        .select()
        .from(loginChallenges)
        .where(eq(loginChallenges.sellerId, sellerId)),
      webhooks: await t.database.db.select().from(webhooks).where(eq(webhooks.sellerId, sellerId)),
      deliveries: await t.database.db
        .select()
        .from(webhookDeliveries)
        .where(eq(webhookDeliveries.sellerId, sellerId)),
    });
    const before = await rowsOf();
    expect(before.recoveryCodes.length).toBeGreaterThan(0);
    expect(before.challenges).toHaveLength(1);
    expect(before.webhooks).toHaveLength(1);
    expect(before.deliveries).toHaveLength(1);

    const deleted = await call('DELETE', '/api/auth/account', seller.token, {
      password: seller.password,
      code: await phone.nextCode(),
    });
    expect(deleted.statusCode, deleted.body).toBe(204);

    expect(await rowsOf()).toEqual({
      recoveryCodes: [],
      challenges: [],
      webhooks: [],
      deliveries: [],
    });
    const [row] = await t.database.db.select().from(sellers).where(eq(sellers.id, sellerId));
    expect(row).toMatchObject({ totpSecret: null, totpEnabledAt: null, totpLastStep: null });
    expect(row?.updatedAt.toISOString()).toBe(now.toISOString());
  });

  it('is refused while the balance is not zero, and done after the payout: the account is gone', async () => {
    const seller = await signUpSeller(t.app);
    const sellerId = await sellerIdByEmail(t.database.db, seller.email);
    const sold = await createProductFor(t.app, seller.token, 'Sold one');
    const unsold = await createProductFor(t.app, seller.token, 'Never sold');
    const sale = await recordPurchase(t.app, purchase(sold.product.id, { amount: 30_000 }));
    await call('PUT', '/api/auth/settlement-info', seller.token, {
      bank: {
        name: 'KB',
        account: '123-456-789',
        accountHolder: '홍길동',
        swiftCode: '',
        branch: '',
      },
    });
    await t.database.db.insert(webhooks).values({
      sellerId,
      url: 'https://hooks.example.com/seller',
      events: ['sale.created'],
      secret: 'sealed',
    });
    const created = await call('POST', '/api/auth/api-tokens', seller.token, {
      name: 'script',
      scopes: ['products:read'],
    });
    const apiToken = created.json<{ token: string }>().token;

    const refused = await call('DELETE', '/api/auth/account', seller.token, {
      password: seller.password,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'balance_outstanding' });
    expect((await call('GET', '/api/auth/profile', seller.token)).statusCode).toBe(200);

    // The payout call of the operator is not part of this branch: the row goes in directly.
    await insertPayout(sellerId, sale.netAmount);
    const deleted = await call('DELETE', '/api/auth/account', seller.token, {
      password: seller.password,
    });
    expect(deleted.statusCode, deleted.body).toBe(204);

    // Every way in ends.
    expect((await call('GET', '/api/auth/profile', seller.token)).statusCode).toBe(401);
    expect((await call('GET', '/api/products/my-products', apiToken)).statusCode).toBe(401);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: seller.email, password: seller.password },
    });
    expect(login.statusCode).toBe(401);

    // Personal data erased, trade records kept, products out of the catalog.
    const [row] = await t.database.db.select().from(sellers).where(eq(sellers.id, sellerId));
    expect(row).toMatchObject({ email: null, bio: null, avatarUrl: null, totpSecret: null });
    expect(row?.nickname).toBe(seller.nickname);
    expect(row?.deletedAt).not.toBeNull();
    expect(
      await t.database.db
        .select()
        .from(settlementInfos)
        .where(eq(settlementInfos.sellerId, sellerId)),
    ).toEqual([]);
    expect(
      await t.database.db.select().from(webhooks).where(eq(webhooks.sellerId, sellerId)),
    ).toEqual([]);
    // The sessions and the activity hold the addresses it signed in from: they go too.
    expect(
      await t.database.db
        .select()
        .from(sellerSessions)
        .where(eq(sellerSessions.sellerId, sellerId)),
    ).toEqual([]);
    expect(
      await t.database.db
        .select()
        .from(securityEvents)
        .where(eq(securityEvents.sellerId, sellerId)),
    ).toEqual([]);
    const tokens = await t.database.db
      .select()
      .from(apiTokens)
      .where(eq(apiTokens.sellerId, sellerId));
    expect(tokens.every((token) => token.revokedAt !== null)).toBe(true);
    const left = await t.database.db.select().from(products).where(eq(products.sellerId, sellerId));
    expect(left.map((product) => product.status)).toEqual(['deleted', 'deleted']);
    const kept = await t.database.db.select().from(payouts).where(eq(payouts.sellerId, sellerId));
    expect(kept).toHaveLength(1);

    // The files of the product never sold go; those of the sold one stay for its buyer.
    await t.app.jobQueue.runDue();
    const storage = t.config.storage;
    expect(storage.driver).toBe('local');
    const stored = async (key: string) =>
      readFile(path.join(t.config.dataDir, 'storage', ...key.split('/'))).then(
        () => true,
        () => false,
      );
    const keyOf = (url: string) => url.slice(url.indexOf('sellers/'));
    expect(await stored(keyOf(unsold.thumbnails[0]?.s3_url ?? ''))).toBe(false);
    expect(await stored(keyOf(sold.thumbnails[0]?.s3_url ?? ''))).toBe(true);

    // The confirmation went to the address the account had.
    const mails = await mailsContaining('Your Seller Center account was deleted');
    expect(mails.some((mail) => mail.includes(`To: ${seller.email}`))).toBe(true);

    // The nickname is never given again; the email may sign up anew.
    const taken = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: {
        email: 'someone-else@example.com',
        nickname: seller.nickname,
        password: seller.password,
      },
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ code: 'nickname_taken' });
    const other = await signUpSeller(t.app);
    const rename = await call('PUT', '/api/auth/profile', other.token, {
      nickname: seller.nickname,
      bio: '',
    });
    expect(rename.json()).toMatchObject({ code: 'nickname_taken' });
    const again = await signUpSeller(t.app, { email: seller.email });
    expect(again.token).toBeTruthy();
    expect(await sellerIdByEmail(t.database.db, seller.email)).not.toBe(sellerId);
  });
});
