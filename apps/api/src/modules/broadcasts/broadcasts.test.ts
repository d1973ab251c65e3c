import { randomUUID } from 'node:crypto';
import type { Broadcast } from '@seller/contract/customers/broadcast';
import type { Customer } from '@seller/contract/customers/customer';
import type { Language } from '@seller/contract/languages';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { broadcastRecipients, jobs, sellers } from '../../db/schema.ts';
import { insertProduct, sellerIdByEmail } from '../../test/database-rows.ts';
import { addVersion, productWithFiles } from '../../test/file-products.ts';
import {
  internalSecret,
  purchase,
  recordPurchase,
  signedPost,
} from '../../test/member-site-calls.ts';
import { bearer, signUpSeller, type TestSeller } from '../../test/sellers.ts';
import { type ReceivedMail, type SmtpPeer, startSmtpPeer } from '../../test/smtp-peer.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { broadcastMailRetry } from './jobs/broadcast-mail.job.ts';

/**
 * Mail from a seller to buyers: who it reaches and leaves out, the frame in each buyer's
 * language, the Seoul window of Korean marketing mail, one message per email, the limits, and
 * the one-click unsubscribe read from the messages the SMTP server received.
 */
const publicUrl = 'https://seller.example.com';
/** 12:00 in Seoul; in the future, so that a job put off to a later time is not due yet. */
const noonInSeoul = new Date('2030-06-03T03:00:00.000Z');
let clockAt = noonInSeoul;
let t: TestApp;
let smtp: SmtpPeer;

beforeAll(async () => {
  smtp = await startSmtpPeer();
  t = await createTestApp(
    { INTERNAL_API_SECRET: internalSecret, PUBLIC_URL: publicUrl, SMTP_URL: smtp.url },
    { clock: () => clockAt },
  );
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});
beforeEach(() => {
  clockAt = noonInSeoul;
});

interface Shop {
  seller: TestSeller;
  sellerId: string;
}

async function shop(language?: string): Promise<Shop> {
  const seller = await signUpSeller(t.app);
  const sellerId = await sellerIdByEmail(t.database.db, seller.email);
  if (language) {
    await t.database.db.update(sellers).set({ language }).where(eq(sellers.id, sellerId));
  }
  return { seller, sellerId };
}

const email = (name: string) => `${name}-${randomUUID().slice(0, 8)}@example.com`;

async function buy(
  productId: string,
  customerEmail: string,
  extra: { locale?: Language; name?: string; consent?: boolean; amount?: number } = {},
) {
  const order = purchase(productId, { customerEmail, amount: extra.amount ?? 10_000 });
  await recordPurchase(t.app, {
    ...order,
    ...(extra.locale ? { buyerLocale: extra.locale } : {}),
    ...(extra.name ? { buyerName: extra.name } : {}),
    ...(extra.consent !== undefined ? { marketingConsent: extra.consent } : {}),
  });
  return order;
}

async function refundAll(orderId: string, amount = 10_000) {
  const response = await signedPost(t.app, '/api/internal/refunds', {
    refundId: `refund-${randomUUID()}`,
    orderId,
    amount,
  });
  expect(response.statusCode).toBe(201);
}

const write = (owner: Shop, payload: Record<string, unknown>) =>
  t.app.inject({
    method: 'POST',
    url: '/api/customers/broadcasts',
    headers: bearer(owner.seller.token),
    payload: { subject: 'News', body: 'A new chapter is out.', ...payload },
  });

async function listOf(owner: Shop): Promise<Broadcast[]> {
  const response = await t.app.inject({
    url: '/api/customers/broadcasts',
    headers: bearer(owner.seller.token),
  });
  expect(response.statusCode).toBe(200);
  return response.json<{ broadcasts: Broadcast[] }>().broadcasts;
}

async function customerOf(owner: Shop, address: string): Promise<Customer> {
  const response = await t.app.inject({
    url: `/api/customers?query=${encodeURIComponent(address)}`,
    headers: bearer(owner.seller.token),
  });
  const found = response.json<{ customers: Customer[] }>().customers[0];
  if (!found) throw new Error(`no customer ${address}`);
  return found;
}

const mailsTo = (address: string): ReceivedMail[] =>
  smtp.received.filter((mail) => mail.to.includes(address));

function mailTo(address: string): ReceivedMail {
  const [mail, ...more] = mailsTo(address);
  if (!mail) throw new Error(`no mail to ${address}`);
  expect(more).toHaveLength(0);
  return mail;
}

/** A header of the message as sent, its folded lines joined. */
function headerOf(mail: ReceivedMail, name: string): string | undefined {
  const head = mail.raw.split(/\r?\n\r?\n/)[0] ?? '';
  const unfolded = head.replace(/\r?\n[ \t]+/g, ' ');
  const line = unfolded
    .split(/\r?\n/)
    .find((entry) => entry.toLowerCase().startsWith(`${name.toLowerCase()}:`));
  return line?.slice(name.length + 1).trim();
}

function unsubscribeTokenOf(mail: ReceivedMail): string {
  const header = headerOf(mail, 'List-Unsubscribe') ?? '';
  const match = /^<https:\/\/seller\.example\.com\/api\/public\/unsubscribe\/([\w-]+)>$/.exec(
    header,
  );
  if (!match?.[1]) throw new Error(`no one-click link in ${header}`);
  return match[1];
}

const unsubscribe = (token: string) =>
  t.app.inject({ method: 'POST', url: `/api/public/unsubscribe/${token}` });

describe('POST /api/customers/broadcasts: product updates', () => {
  it('reaches buyers of the product who kept updates on, leaving out refunded and unsubscribed ones', async () => {
    const owner = await shop();
    const guide = await insertProduct(t.database.db, owner.sellerId, { title: 'Guide' });
    const other = await insertProduct(t.database.db, owner.sellerId, { title: 'Presets' });
    const ana = email('ana');
    const refunded = email('refunded');
    const quiet = email('quiet');
    const twice = email('twice');
    const elsewhere = email('elsewhere');
    await buy(guide, ana, { name: 'Ana', locale: 'en' });
    await refundAll((await buy(guide, refunded)).orderId);
    await buy(guide, quiet);
    await t.database.db.execute(
      sql`update customers set product_updates = false where lower(email) = ${quiet}`,
    );
    // One refunded sale and one kept: still a buyer.
    await refundAll((await buy(guide, twice)).orderId);
    await buy(guide, twice);
    await buy(other, elsewhere);

    const response = await write(owner, { kind: 'product_update', productIds: [guide] });
    expect(response.statusCode).toBe(202);
    expect(response.json()).toEqual({
      broadcast: {
        id: expect.any(String),
        kind: 'product_update',
        recipients: 2,
        excluded: { noConsent: 0, unsubscribed: 1, refunded: 1 },
      },
    });

    await t.app.jobQueue.runDue();
    const toAna = mailTo(ana);
    expect(toAna.subject).toBe('News');
    expect(toAna.text).toContain('Hello Ana,');
    expect(toAna.text).toContain('A new chapter is out.');
    expect(toAna.text).toContain('About Guide');
    expect(toAna.text).toContain(`because you bought Guide from ${owner.seller.nickname}`);
    expect(headerOf(toAna, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    const token = unsubscribeTokenOf(toAna);
    expect(toAna.text).toContain(`${publicUrl}/unsubscribe/${token}`);
    expect(mailTo(twice).text).toContain('Hello,');
    for (const left of [refunded, quiet, elsewhere]) expect(mailsTo(left)).toHaveLength(0);

    const [listed] = await listOf(owner);
    expect(listed).toMatchObject({
      id: response.json().broadcast.id,
      kind: 'product_update',
      subject: 'News',
      productIds: [guide],
      recipients: 2,
      excluded: { noConsent: 0, unsubscribed: 1, refunded: 1 },
      sent: 2,
      failed: 0,
    });
  });

  it("writes the frame in the buyer's language, else the seller's, and the seller's text as written", async () => {
    const owner = await shop('ja');
    const guide = await insertProduct(t.database.db, owner.sellerId, { title: 'Guide' });
    const korean = email('korean');
    const unknown = email('unknown');
    await buy(guide, korean, { locale: 'ko', name: '민지' });
    await buy(guide, unknown);
    const body = 'Chapter <b>9</b> & more\nSee you {{name}}';
    expect(
      (await write(owner, { kind: 'product_update', productIds: [guide], body })).statusCode,
    ).toBe(202);
    await t.app.jobQueue.runDue();

    const toKorean = mailTo(korean);
    expect(toKorean.subject).toBe('News');
    expect(toKorean.text).toContain('민지님, 안녕하세요.');
    expect(toKorean.text).toContain('Guide 소식');
    expect(toKorean.text).toContain(body);
    expect(toKorean.html).toContain('Chapter &lt;b&gt;9&lt;/b&gt; &amp; more');
    expect(toKorean.html).not.toContain('<b>9</b>');
    const toUnknown = mailTo(unknown);
    expect(toUnknown.text).toContain('こんにちは。');
    expect(toUnknown.text).toContain('Guide について');
  });

  it('quotes the label and changelog of the versions it names', async () => {
    const owner = await shop();
    const { product } = await productWithFiles(
      t.app,
      [{ name: 'guide.pdf', bytes: Buffer.from(`guide ${randomUUID()}`) }],
      owner.seller,
    );
    const fileId = product.files[0]?.id ?? '';
    const added = await addVersion(
      t.app,
      owner.seller,
      product.product.id,
      fileId,
      { name: 'guide.pdf', bytes: Buffer.from(`guide 2 ${randomUUID()}`) },
      { label: 'v2.0', changelog: 'Added chapter 9.\nFixed the index.' },
    );
    expect(added.statusCode).toBe(201);
    const versionId = added.json().version.id as string;
    const reader = email('reader');
    await buy(product.product.id, reader);

    const response = await write(owner, {
      kind: 'product_update',
      productIds: [product.product.id],
      versionIds: [versionId],
    });
    expect(response.statusCode).toBe(202);
    await t.app.jobQueue.runDue();
    const mail = mailTo(reader);
    expect(mail.text).toContain('What’s new in v2.0');
    expect(mail.text).toContain('Added chapter 9.\nFixed the index.');
    expect(mail.html).toContain('What’s new in v2.0');
  });

  it('sends one mail per email when its job runs again', async () => {
    const owner = await shop();
    const guide = await insertProduct(t.database.db, owner.sellerId);
    const once = email('once');
    await buy(guide, once);
    await buy(guide, once.toUpperCase());
    const response = await write(owner, { kind: 'product_update', productIds: [guide] });
    expect(response.json().broadcast.recipients).toBe(1);
    await t.app.jobQueue.runDue();
    expect(mailsTo(once)).toHaveLength(1);

    // The job is taken again (a worker that died after sending, a retry).
    const [recipient] = await t.database.db
      .select()
      .from(broadcastRecipients)
      .where(eq(broadcastRecipients.broadcastId, response.json().broadcast.id));
    await t.database.db
      .update(jobs)
      .set({ state: 'queued', runAt: sql`now()`, finishedAt: null })
      .where(eq(jobs.dedupeKey, `broadcast-mail:${recipient?.id}`));
    await t.app.jobQueue.runDue();
    expect(mailsTo(once)).toHaveLength(1);
    expect((await listOf(owner))[0]).toMatchObject({ recipients: 1, sent: 1, failed: 0 });
  });

  it('counts a message given up after every retry as failed', async () => {
    const owner = await shop();
    const guide = await insertProduct(t.database.db, owner.sellerId);
    const bounced = email('bounced');
    await buy(guide, bounced);
    // The SMTP server refuses from the start: the app's own worker, nudged by the broadcast,
    // makes the first attempt, which fails and waits a minute for its retry.
    smtp.refuse();
    try {
      const response = await write(owner, { kind: 'product_update', productIds: [guide] });
      const [recipient] = await t.database.db
        .select()
        .from(broadcastRecipients)
        .where(eq(broadcastRecipients.broadcastId, response.json().broadcast.id));
      const dedupeKey = `broadcast-mail:${recipient?.id}`;
      await expect
        .poll(
          async () =>
            (
              await t.database.db
                .select({ attempts: jobs.attempts, state: jobs.state })
                .from(jobs)
                .where(eq(jobs.dedupeKey, dedupeKey))
            )[0],
          { timeout: 5000 },
        )
        .toMatchObject({ attempts: 1, state: 'queued' });
      // Its last attempt comes now, and is refused too.
      await t.database.db
        .update(jobs)
        .set({ attempts: broadcastMailRetry.maxAttempts - 1, runAt: sql`now()` })
        .where(eq(jobs.dedupeKey, dedupeKey));
      await t.app.jobQueue.runDue();
    } finally {
      smtp.accept();
    }
    expect(mailsTo(bounced)).toHaveLength(0);
    expect((await listOf(owner))[0]).toMatchObject({ recipients: 1, sent: 0, failed: 1 });
  });
});

describe('POST /api/customers/broadcasts: marketing', () => {
  it('reaches only buyers who granted consent, counting those who did not', async () => {
    const owner = await shop();
    const guide = await insertProduct(t.database.db, owner.sellerId);
    const granted = email('granted');
    const korean = email('korean');
    const never = email('never');
    const withdrew = email('withdrew');
    await buy(guide, granted, { consent: true, locale: 'en' });
    await buy(guide, korean, { consent: true, locale: 'ko' });
    await buy(guide, never);
    await buy(guide, withdrew, { consent: true });
    const consent = await signedPost(t.app, '/api/internal/consents', {
      sellerId: owner.sellerId,
      email: withdrew,
      granted: false,
      at: '2030-06-01T00:00:00.000Z',
    });
    expect(consent.statusCode).toBe(200);

    const response = await write(owner, { kind: 'marketing', subject: 'Summer sale' });
    expect(response.statusCode).toBe(202);
    expect(response.json().broadcast).toMatchObject({
      kind: 'marketing',
      recipients: 2,
      excluded: { noConsent: 1, unsubscribed: 1, refunded: 0 },
    });
    await t.app.jobQueue.runDue();

    const toKorean = mailTo(korean);
    expect(toKorean.subject).toBe('(광고) Summer sale');
    expect(toKorean.text).toContain(`발신자: ${owner.seller.nickname}`);
    expect(toKorean.text).toContain(`연락처: ${owner.seller.email}`);
    expect(toKorean.text).toContain('광고성 정보');
    const toEnglish = mailTo(granted);
    expect(toEnglish.subject).toBe('Summer sale');
    expect(toEnglish.text).toContain(`agreed to receive news from ${owner.seller.nickname}`);
    expect(mailsTo(never)).toHaveLength(0);
    expect(mailsTo(withdrew)).toHaveLength(0);
  });

  it('narrows to buyers of the products given, leaving out fully refunded ones', async () => {
    const owner = await shop();
    const guide = await insertProduct(t.database.db, owner.sellerId);
    const other = await insertProduct(t.database.db, owner.sellerId);
    const fan = email('fan');
    const refunded = email('refunded');
    await buy(guide, fan, { consent: true });
    await refundAll((await buy(guide, refunded, { consent: true })).orderId);
    await buy(other, email('other'), { consent: true });
    const response = await write(owner, { kind: 'marketing', productIds: [guide] });
    expect(response.json().broadcast).toMatchObject({
      recipients: 1,
      excluded: { noConsent: 0, unsubscribed: 0, refunded: 1 },
    });
  });

  it('sends Korean marketing mail only from 08:00 to 21:00 in Seoul, other languages at once', async () => {
    const owner = await shop();
    const guide = await insertProduct(t.database.db, owner.sellerId);
    const korean = email('korean');
    const english = email('english');
    await buy(guide, korean, { consent: true, locale: 'ko' });
    await buy(guide, english, { consent: true, locale: 'en' });
    // 22:30 in Seoul.
    clockAt = new Date('2030-06-03T13:30:00.000Z');
    const response = await write(owner, { kind: 'marketing' });
    expect(response.statusCode).toBe(202);
    await t.app.jobQueue.runDue();
    expect(mailsTo(english)).toHaveLength(1);
    expect(mailsTo(korean)).toHaveLength(0);

    const [waiting] = await t.database.db
      .select({ id: broadcastRecipients.id, sendAt: broadcastRecipients.sendAt })
      .from(broadcastRecipients)
      .where(
        and(
          eq(broadcastRecipients.broadcastId, response.json().broadcast.id),
          eq(broadcastRecipients.language, 'ko'),
        ),
      );
    // The next 08:00 in Seoul.
    expect(waiting?.sendAt.toISOString()).toBe('2030-06-03T23:00:00.000Z');
    const [job] = await t.database.db
      .select()
      .from(jobs)
      .where(eq(jobs.dedupeKey, `broadcast-mail:${waiting?.id}`));
    expect(job).toMatchObject({ state: 'queued' });
    expect(job?.runAt.toISOString()).toBe('2030-06-03T23:00:00.000Z');

    // Its time comes while the clock still says 23:00 in Seoul (a retry that ran late): it
    // waits for the next morning again.
    clockAt = new Date('2030-06-03T14:00:00.000Z');
    await t.database.db
      .update(jobs)
      .set({ runAt: sql`now()` })
      .where(eq(jobs.dedupeKey, `broadcast-mail:${waiting?.id}`));
    await t.app.jobQueue.runDue();
    expect(mailsTo(korean)).toHaveLength(0);
    const later = `broadcast-mail:${waiting?.id}:2030-06-03T23:00:00.000Z`;
    expect(
      (await t.database.db.select().from(jobs).where(eq(jobs.dedupeKey, later)))[0],
    ).toMatchObject({ state: 'queued' });

    // 08:00 in Seoul.
    clockAt = new Date('2030-06-03T23:00:00.000Z');
    await t.database.db.update(jobs).set({ runAt: sql`now()` }).where(eq(jobs.dedupeKey, later));
    await t.app.jobQueue.runDue();
    expect(mailTo(korean).subject).toBe('(광고) News');
    expect((await listOf(owner))[0]).toMatchObject({ recipients: 2, sent: 2 });
  });
});

describe('POST /api/customers/broadcasts: limits and refusals', () => {
  it('refuses marketing more than once in 7 days with 409 broadcast_too_frequent', async () => {
    const owner = await shop();
    const guide = await insertProduct(t.database.db, owner.sellerId);
    await buy(guide, email('fan'), { consent: true });
    expect((await write(owner, { kind: 'marketing' })).statusCode).toBe(202);
    clockAt = new Date(noonInSeoul.getTime() + 6 * 24 * 3600_000);
    const again = await write(owner, { kind: 'marketing' });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('broadcast_too_frequent');
    clockAt = new Date(noonInSeoul.getTime() + 7 * 24 * 3600_000 + 60_000);
    expect((await write(owner, { kind: 'marketing' })).statusCode).toBe(202);
  });

  it("refuses a product's update more than once a day, per product", async () => {
    const owner = await shop();
    const guide = await insertProduct(t.database.db, owner.sellerId);
    const other = await insertProduct(t.database.db, owner.sellerId);
    await buy(guide, email('a'));
    await buy(other, email('b'));
    expect((await write(owner, { kind: 'product_update', productIds: [guide] })).statusCode).toBe(
      202,
    );
    const again = await write(owner, { kind: 'product_update', productIds: [other, guide] });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('broadcast_too_frequent');
    expect((await write(owner, { kind: 'product_update', productIds: [other] })).statusCode).toBe(
      202,
    );
    clockAt = new Date(noonInSeoul.getTime() + 24 * 3600_000 + 60_000);
    expect((await write(owner, { kind: 'product_update', productIds: [guide] })).statusCode).toBe(
      202,
    );
  });

  it('refuses a mail that reaches nobody with 409 no_recipients and records nothing', async () => {
    const owner = await shop();
    const guide = await insertProduct(t.database.db, owner.sellerId);
    await buy(guide, email('never'));
    const response = await write(owner, { kind: 'marketing' });
    expect(response.statusCode).toBe(409);
    expect(response.json().code).toBe('no_recipients');
    expect(await listOf(owner)).toEqual([]);
    // Nothing recorded: the limit of 7 days has not started.
    await buy(guide, email('fan'), { consent: true });
    expect((await write(owner, { kind: 'marketing' })).statusCode).toBe(202);
  });

  it("refuses another seller's product or version with 400", async () => {
    const owner = await shop();
    const stranger = await shop();
    const theirs = await insertProduct(t.database.db, stranger.sellerId);
    const guide = await insertProduct(t.database.db, owner.sellerId);
    await buy(guide, email('a'));
    const product = await write(owner, { kind: 'product_update', productIds: [guide, theirs] });
    expect(product.statusCode).toBe(400);
    expect(product.json().details).toEqual([
      expect.objectContaining({ path: 'productIds', code: 'broadcastProductInvalid' }),
    ]);
    const version = await write(owner, {
      kind: 'product_update',
      productIds: [guide],
      versionIds: [randomUUID()],
    });
    expect(version.statusCode).toBe(400);
    expect(version.json().details).toEqual([
      expect.objectContaining({ path: 'versionIds', code: 'broadcastVersionInvalid' }),
    ]);
  });

  it('checks the kind, the products of an update, the subject and the text', async () => {
    const owner = await shop();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ kind: 'newsletter' }, 'kind', 'broadcastKindInvalid'],
      [{ kind: 'product_update' }, 'productIds', 'broadcastProductsRequired'],
      [{ kind: 'marketing', subject: 'x'.repeat(151) }, 'subject', 'broadcastSubjectLength'],
      [{ kind: 'marketing', subject: '  ' }, 'subject', 'broadcastSubjectLength'],
      [{ kind: 'marketing', subject: 'Two\nlines' }, 'subject', 'broadcastSubjectLength'],
      [{ kind: 'marketing', body: 'x'.repeat(10_001) }, 'body', 'broadcastBodyLength'],
      [{ kind: 'marketing', body: '' }, 'body', 'broadcastBodyLength'],
      [{ kind: 'marketing', versionIds: [randomUUID()] }, 'versionIds', 'broadcastVersionInvalid'],
    ];
    for (const [payload, path, code] of cases) {
      const response = await write(owner, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().details).toContainEqual(expect.objectContaining({ path, code }));
    }
  });
});

describe('POST /api/public/unsubscribe/{token}', () => {
  it('turns product updates off from the link of a product update mail, once and for all', async () => {
    const owner = await shop();
    const guide = await insertProduct(t.database.db, owner.sellerId);
    const reader = email('reader');
    await buy(guide, reader, { consent: true });
    await write(owner, { kind: 'product_update', productIds: [guide] });
    await t.app.jobQueue.runDue();
    const token = unsubscribeTokenOf(mailTo(reader));

    // A mail scanner following the link changes nothing.
    const scanned = await t.app.inject({ method: 'GET', url: `/api/public/unsubscribe/${token}` });
    expect(scanned.statusCode).toBe(404);
    expect((await customerOf(owner, reader)).productUpdates).toBe(true);

    // The mail client's one-click POST (RFC 8058: a form body), then the page's button.
    const oneClick = await t.app.inject({
      method: 'POST',
      url: `/api/public/unsubscribe/${token}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.statusCode).toBe(200);
    expect(oneClick.json()).toEqual({ unsubscribed: { kind: 'product_update' } });
    const again = await unsubscribe(token);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ unsubscribed: { kind: 'product_update' } });
    const multipart = await t.app.inject({
      method: 'POST',
      url: `/api/public/unsubscribe/${token}`,
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
      payload:
        '--x\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--x--\r\n',
    });
    expect(multipart.statusCode).toBe(200);
    expect(await customerOf(owner, reader)).toMatchObject({
      productUpdates: false,
      marketingConsent: 'granted',
    });
    clockAt = new Date(noonInSeoul.getTime() + 2 * 24 * 3600_000);
    const next = await write(owner, { kind: 'product_update', productIds: [guide] });
    expect(next.statusCode).toBe(409);
    expect(next.json().code).toBe('no_recipients');
  });

  it('withdraws marketing consent from the link of a marketing mail', async () => {
    const owner = await shop();
    const guide = await insertProduct(t.database.db, owner.sellerId);
    const fan = email('fan');
    const other = email('other');
    await buy(guide, fan, { consent: true, locale: 'ko' });
    await buy(guide, other, { consent: true });
    await write(owner, { kind: 'marketing' });
    await t.app.jobQueue.runDue();
    const token = unsubscribeTokenOf(mailTo(fan));
    expect(mailTo(fan).text).toContain(`${publicUrl}/unsubscribe/${token}`);

    const response = await unsubscribe(token);
    expect(response.json()).toEqual({ unsubscribed: { kind: 'marketing' } });
    expect(await customerOf(owner, fan)).toMatchObject({
      marketingConsent: 'withdrawn',
      productUpdates: true,
    });
    clockAt = new Date(noonInSeoul.getTime() + 8 * 24 * 3600_000);
    const next = await write(owner, { kind: 'marketing' });
    expect(next.json().broadcast).toMatchObject({
      recipients: 1,
      excluded: { noConsent: 0, unsubscribed: 1, refunded: 0 },
    });
  });

  it('withdraws consent that the member site dated a few minutes ahead of our clock', async () => {
    const owner = await shop();
    const guide = await insertProduct(t.database.db, owner.sellerId);
    const fan = email('fan');
    await buy(guide, fan);
    const granted = await signedPost(t.app, '/api/internal/consents', {
      sellerId: owner.sellerId,
      email: fan,
      granted: true,
      at: new Date(noonInSeoul.getTime() + 4 * 60_000).toISOString(),
    });
    expect(granted.statusCode).toBe(200);
    await write(owner, { kind: 'marketing' });
    await t.app.jobQueue.runDue();
    const token = unsubscribeTokenOf(mailTo(fan));

    clockAt = new Date(noonInSeoul.getTime() + 60_000);
    expect((await unsubscribe(token)).json()).toEqual({ unsubscribed: { kind: 'marketing' } });
    expect(await customerOf(owner, fan)).toMatchObject({ marketingConsent: 'withdrawn' });

    // A consent change dated before the click (and before the grant it undid) changes nothing.
    const stale = await signedPost(t.app, '/api/internal/consents', {
      sellerId: owner.sellerId,
      email: fan,
      granted: true,
      at: new Date(noonInSeoul.getTime() + 3 * 60_000).toISOString(),
    });
    expect(stale.json().customer.marketingConsent).toBe('withdrawn');
    clockAt = new Date(noonInSeoul.getTime() + 8 * 24 * 3600_000);
    expect((await write(owner, { kind: 'marketing' })).statusCode).toBe(409);
  });

  it('answers an unknown token with 404 unsubscribe_token_invalid', async () => {
    for (const token of ['not-a-token', 'x'.repeat(90), randomUUID()]) {
      const response = await unsubscribe(token);
      expect(response.statusCode).toBe(404);
      expect(response.json().code).toBe('unsubscribe_token_invalid');
    }
  });
});
