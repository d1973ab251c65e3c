import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client.ts';
import { jobs } from '../../db/schema.ts';
import { sellerIdByEmail } from '../../test/database-rows.ts';
import { jobQueueOver, recordingMail } from '../../test/job-claims.ts';
import {
  internalSecret,
  purchase,
  recordPurchase,
  signedPost,
} from '../../test/member-site-calls.ts';
import { createProductFor } from '../../test/seller-products.ts';
import { bearer, signUpSeller, type TestSeller } from '../../test/sellers.ts';
import { type SmtpPeer, startSmtpPeer } from '../../test/smtp-peer.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { openTestDatabase } from '../../test/test-database.ts';
import type { JobQueue } from '../jobs/job-queue.ts';
import { formatWon } from '../mail/mail.service.ts';
import { createSaleMailJob } from './jobs/sale-mail.job.ts';
import { createSaleNotificationRepository } from './sale-notifications.repository.ts';

const hour = 60 * 60 * 1000;
/** Today's date in Seoul (UTC+9, no daylight saving), as `YYYY-MM-DD`. */
const seoulToday = new Date(Date.now() + 9 * hour).toISOString().slice(0, 10);
/** 09:00 in Seoul today, as an instant. */
const nineToday = Date.parse(`${seoulToday}T00:00:00Z`);
/** 15:00 in Seoul yesterday: always in the past. */
const yesterdayAfternoon = new Date(nineToday - 18 * hour).toISOString();

let clock = new Date(nineToday - 60_000);
let t: TestApp;
let smtp: SmtpPeer;
beforeAll(async () => {
  smtp = await startSmtpPeer();
  t = await createTestApp(
    {
      INTERNAL_API_SECRET: internalSecret,
      SMTP_URL: smtp.url,
      PUBLIC_URL: 'https://seller.example.com',
      TIME_ZONE: 'Asia/Seoul',
    },
    { clock: () => clock },
  );
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const setting = (seller: TestSeller, saleNotifications?: unknown) =>
  t.app.inject({
    method: saleNotifications === undefined ? 'GET' : 'PUT',
    url: '/api/auth/notifications',
    headers: bearer(seller.token),
    ...(saleNotifications === undefined ? {} : { payload: { saleNotifications } }),
  });

async function sellerSpeaking(language: string) {
  const seller = await signUpSeller(t.app);
  const response = await t.app.inject({
    method: 'PUT',
    url: '/api/auth/language',
    headers: bearer(seller.token),
    payload: { language },
  });
  expect(response.statusCode, response.body).toBeLessThan(300);
  return seller;
}

const mailTo = (seller: TestSeller) =>
  smtp.received.filter((mail) => mail.to.includes(seller.email));

/** Lets the queue run whatever is due (and whatever that enqueues). */
async function settle() {
  await t.app.jobQueue.runDue();
}

describe('the sale mail setting', () => {
  it('is a daily summary unless the seller chose otherwise', async () => {
    const seller = await signUpSeller(t.app);
    expect((await setting(seller)).json()).toEqual({ saleNotifications: 'daily' });
    expect((await setting(seller, 'each')).json()).toEqual({ saleNotifications: 'each' });
    expect((await setting(seller)).json()).toEqual({ saleNotifications: 'each' });
    const wrong = await setting(seller, 'hourly');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({
      code: 'validation_failed',
      details: [{ path: 'saleNotifications', code: 'saleNotificationsInvalid' }],
    });
    expect((await setting(seller)).json()).toEqual({ saleNotifications: 'each' });
  });
});

describe('a mail on each sale', () => {
  it("says what sold and for how much, in the seller's language, with a link to the sales", async () => {
    const seller = await sellerSpeaking('ko');
    await setting(seller, 'each');
    const product = await createProductFor(t.app, seller.token, '서울 여행 가이드');
    await recordPurchase(t.app, purchase(product.product.id, { amount: 25_000 }));

    await expect.poll(() => mailTo(seller).length, { timeout: 10_000 }).toBe(1);
    const [mail] = mailTo(seller);
    expect(mail?.subject).toContain('서울 여행 가이드');
    expect(mail?.subject).toContain(formatWon(25_000, 'ko'));
    expect(mail?.text).toContain(formatWon(25_000, 'ko'));
    expect(mail?.text).toContain(`https://seller.example.com/sales?day=${seoulToday}`);
    expect(mail?.html).toContain(`https://seller.example.com/sales?day=${seoulToday}`);
    await settle();
    expect(mailTo(seller)).toHaveLength(1);
  });

  it('is not sent to a seller who chose never, nor to one who chose the summary', async () => {
    const never = await signUpSeller(t.app);
    await setting(never, 'never');
    const daily = await signUpSeller(t.app);
    for (const seller of [never, daily]) {
      const product = await createProductFor(t.app, seller.token);
      await recordPurchase(t.app, purchase(product.product.id));
    }
    await settle();
    expect(mailTo(never)).toEqual([]);
    expect(mailTo(daily)).toEqual([]);
  });
});

describe('a sale mail whose run stalled past its lease', () => {
  let database: DatabaseHandle;
  const queues: JobQueue[] = [];
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(async () => {
    await Promise.all(queues.map((queue) => queue.stop()));
    await database.close();
  });

  it('is sent by the run that took the job, and not again by the stalled one', async () => {
    let resume: () => void = () => {};
    const stall = new Promise<void>((resolve) => {
      resume = resolve;
    });
    let lookups = 0;
    // Two server copies over one database; the first stalls looking up the recipient.
    const [stalled, taker] = ['stalled', 'taker'].map((copy) => {
      const queue = jobQueueOver(database);
      queues.push(queue);
      const { sent, mail } = recordingMail();
      const job = createSaleMailJob({
        notifications: {
          saleForMail: async () => ({
            sellerId: 'seller',
            productTitle: 'Pottery basics',
            amount: 10_000,
            netAmount: 9_000,
            purchasedAt: new Date(),
          }),
        },
        mail,
        findRecipient: async () => {
          lookups += 1;
          if (copy === 'stalled') await stall;
          return { email: 'seller@example.com', language: 'en' };
        },
        timeZone: 'Asia/Seoul',
      });
      queue.register(job);
      return { queue, sent, job };
    });
    if (!stalled || !taker) throw new Error('two copies');
    await stalled.queue.enqueue(database.db, stalled.job, { saleId: 'sale' });
    const first = stalled.queue.runDue();
    await expect.poll(() => lookups, { interval: 5, timeout: 10_000 }).toBe(1);
    // Its lease runs out (moved back rather than waited for): the other copy takes the job.
    await database.db
      .update(jobs)
      .set({ lockedUntil: sql`now() - interval '1 second'` })
      .where(eq(jobs.kind, 'sale-mail'));
    await taker.queue.runDue();
    expect(taker.sent).toEqual([{ to: 'seller@example.com', template: 'sale' }]);

    resume();
    await first;
    expect(stalled.sent).toEqual([]);
    const [row] = await database.db.select().from(jobs).where(eq(jobs.kind, 'sale-mail'));
    expect(row).toMatchObject({ state: 'done', attempts: 2, lastError: null });
  });
});

describe('the daily summary', () => {
  it("comes at 09:00 with yesterday's sales, once, and not on days without sales", async () => {
    const busy = await sellerSpeaking('zh');
    const product = await createProductFor(t.app, busy.token, '首尔指南');
    for (const amount of [10_000, 20_000]) {
      await recordPurchase(
        t.app,
        purchase(product.product.id, { amount, purchasedAt: yesterdayAfternoon }),
      );
    }
    // A sale today belongs to tomorrow's summary.
    await recordPurchase(t.app, purchase(product.product.id, { amount: 5_000 }));
    const quiet = await signUpSeller(t.app);
    await createProductFor(t.app, quiet.token);
    const never = await signUpSeller(t.app);
    await setting(never, 'never');
    const neverProduct = await createProductFor(t.app, never.token);
    await recordPurchase(
      t.app,
      purchase(neverProduct.product.id, { purchasedAt: yesterdayAfternoon }),
    );

    clock = new Date(nineToday - 60_000);
    expect(await t.app.queueDailySummaries()).toBe(0);
    await settle();
    expect(mailTo(busy)).toEqual([]);

    // 09:00 has passed: the daily schedule's slot of today comes, and its job queues them.
    clock = new Date(nineToday + 60_000);
    await t.app.jobQueue.enqueueSlots();
    await settle();
    expect(mailTo(busy)).toHaveLength(1);
    const [mail] = mailTo(busy);
    expect(mail?.subject).toContain(formatWon(30_000, 'zh'));
    expect(mail?.text).toContain('首尔指南');
    const yesterday = yesterdayAfternoon.slice(0, 10);
    expect(mail?.text).toContain(`https://seller.example.com/sales?day=${yesterday}`);

    // Later the same day, or from another server copy's timer: nothing new.
    clock = new Date(nineToday + 3 * hour);
    expect(await t.app.queueDailySummaries()).toBe(0);
    await settle();
    expect(mailTo(busy)).toHaveLength(1);
    expect(mailTo(quiet)).toEqual([]);
    expect(mailTo(never)).toEqual([]);
  });
  it("counts the day's sales net of their refunds", async () => {
    const seller = await signUpSeller(t.app);
    const product = await createProductFor(t.app, seller.token, 'Pottery basics');
    const other = await createProductFor(t.app, seller.token, 'Refunded in full');
    const kept = await recordPurchase(
      t.app,
      purchase(product.product.id, { amount: 10_000, purchasedAt: yesterdayAfternoon }),
    );
    const gone = await recordPurchase(
      t.app,
      purchase(other.product.id, { amount: 50_000, purchasedAt: yesterdayAfternoon }),
    );
    for (const [orderId, amount] of [
      [kept.orderId, 4_000],
      [gone.orderId, 50_000],
    ] as const) {
      const response = await signedPost(t.app, '/api/internal/refunds', {
        refundId: `refund-${orderId}`,
        orderId,
        amount,
      });
      expect(response.statusCode, response.body).toBe(201);
    }
    // The summary's figures (its mail is the test above's): read as the summary job reads them.
    const sellerId = await sellerIdByEmail(t.database.db, seller.email);
    const summary = await createSaleNotificationRepository(t.database.db, 'Asia/Seoul').daySummary(
      sellerId,
      yesterdayAfternoon.slice(0, 10),
    );
    expect(summary.totals).toEqual({ count: 1, amount: 6_000, net: 6_000 });
    expect(summary.top).toEqual([{ title: 'Pottery basics', count: 1, amount: 6_000 }]);
  });

  it('of a day whose 09:00 passed while no worker ran comes when its slot runs, however late', async () => {
    const seller = await signUpSeller(t.app);
    const product = await createProductFor(t.app, seller.token, 'Late summary');
    await recordPurchase(t.app, purchase(product.product.id, { amount: 7_000 }));
    // No worker ran at 09:00 tomorrow; one is back the morning after, before 09:00, and the
    // slot of tomorrow (the summary of today) is the one still due.
    clock = new Date(nineToday + 47 * hour);
    await t.app.jobQueue.enqueueSlots();
    await settle();
    expect(mailTo(seller)).toHaveLength(1);
    expect(mailTo(seller)[0]?.text).toContain(`https://seller.example.com/sales?day=${seoulToday}`);
  });
});
