import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { webhookPayloadSchema } from '@seller/contract/developer/webhook';
import { transactionSchema } from '@seller/contract/sales/get-transactions';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { jobs, webhooks as webhooksTable } from '../../db/schema.ts';
import { internalSecret, purchase, recordPurchase } from '../../test/member-site-calls.ts';
import { createProductFor } from '../../test/seller-products.ts';
import { bearer, signUpSeller, type TestSeller } from '../../test/sellers.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { abandonedJobError } from '../jobs/job-queue.ts';
import { webhookRetry, webhookRetryDelaysMs } from './webhooks.service.ts';

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

/**
 * A receiver on loopback: records every request and answers what the test tells it to, or
 * holds a request unanswered until the test lets it go (a slow receiver).
 */
async function startReceiver() {
  const received: Received[] = [];
  const answers: number[] = [];
  let toHold = 0;
  const held: ((status: number) => void)[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      const reply = (status: number) => {
        response.writeHead(status, status === 302 ? { location: `${url}/elsewhere` } : {});
        response.end(status === 200 ? 'ok' : 'no');
      };
      if (toHold > 0) {
        toHold -= 1;
        held.push(reply);
        return;
      }
      reply(answers.shift() ?? 200);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    received,
    /** The next answers, in order; 200 after them. */
    answer: (...statuses: number[]) => answers.push(...statuses),
    /** The next request gets no answer until `release`. */
    holdNext: () => {
      toHold += 1;
    },
    /** Answers the oldest request held. */
    release: (status: number) => held.shift()?.(status),
    async waitFor(count: number) {
      await expect.poll(() => received.length, { timeout: 10_000 }).toBeGreaterThanOrEqual(count);
      return received;
    },
    reset: () => {
      received.length = 0;
      answers.length = 0;
      toHold = 0;
      for (const reply of held.splice(0)) reply(200);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
type Receiver = Awaited<ReturnType<typeof startReceiver>>;

/** What a receiver does with `X-Signature`: recompute it with the secret, compare in constant time. */
function signatureIsValid(secret: string, header: string | string[] | undefined, body: string) {
  if (typeof header !== 'string') return false;
  const parts = Object.fromEntries(header.split(',').map((part) => part.split('=', 2)));
  const expected = createHmac('sha256', secret).update(`${parts.t}.${body}`).digest();
  const given = Buffer.from(String(parts.v1), 'hex');
  const fresh = Math.abs(Date.now() / 1000 - Number(parts.t)) < 300;
  return fresh && given.length === expected.length && timingSafeEqual(given, expected);
}

let t: TestApp;
let receiver: Receiver;
beforeAll(async () => {
  t = await createTestApp({ INTERNAL_API_SECRET: internalSecret, WEBHOOK_ALLOW_LOOPBACK: 'true' });
  receiver = await startReceiver();
});
afterAll(async () => {
  await t.close();
  await receiver.close();
});
afterEach(() => receiver.reset());

const call = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  seller: TestSeller,
  payload?: object,
) => t.app.inject({ method, url, headers: bearer(seller.token), ...(payload ? { payload } : {}) });

async function setWebhook(seller: TestSeller, events: string[], path = '/hook') {
  const response = await call('PUT', '/api/webhook', seller, {
    url: `${receiver.url}${path}`,
    events,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ url: string; events: string[]; secret?: string }>();
}

async function deliveries(seller: TestSeller) {
  const response = await call('GET', '/api/webhook/deliveries', seller);
  expect(response.statusCode).toBe(200);
  return response.json<{
    deliveries: {
      id: string;
      eventId: string;
      event: string;
      status: string;
      attempts: {
        at: string;
        statusCode: number | null;
        durationMs: number;
        error: string | null;
      }[];
      statusCode: number | null;
      durationMs: number | null;
      nextAttemptAt: string | null;
    }[];
  }>().deliveries;
}

/** The job of one delivery. */
const deliveryJob = (deliveryId: string) =>
  and(eq(jobs.kind, 'webhook'), sql`${jobs.payload}->>'deliveryId' = ${deliveryId}`);

/** The retry of every waiting delivery is due now (instead of in a minute). */
async function bringRetriesForward() {
  await t.database.db.update(jobs).set({ runAt: sql`now()` }).where(eq(jobs.kind, 'webhook'));
  t.app.jobQueue.nudge();
}

describe('the webhook setting', () => {
  it('shows the signing secret once, when the webhook is made, and keeps it sealed', async () => {
    const seller = await signUpSeller(t.app);
    expect((await call('GET', '/api/webhook', seller)).json()).toEqual({ url: null, events: [] });
    const first = await setWebhook(seller, ['sale.created']);
    expect(first.secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    expect((await call('GET', '/api/webhook', seller)).json()).toEqual({
      url: `${receiver.url}/hook`,
      events: ['sale.created'],
    });
    const again = await setWebhook(seller, ['sale.created', 'product.updated']);
    expect(again).toEqual({
      url: `${receiver.url}/hook`,
      events: ['sale.created', 'product.updated'],
    });
    const [row] = await t.database.db.select().from(webhooksTable);
    expect(JSON.stringify(row)).not.toContain(first.secret);
  });

  it('refuses events it does not know, an empty list and repeated events', async () => {
    const seller = await signUpSeller(t.app);
    for (const events of [[], ['sale.deleted'], ['sale.created', 'sale.created']]) {
      const response = await call('PUT', '/api/webhook', seller, { url: receiver.url, events });
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBe('validation_failed');
    }
  });

  it('rotates the secret: later deliveries are signed with the new one only', async () => {
    const seller = await signUpSeller(t.app);
    const { secret: old } = await setWebhook(seller, ['sale.created']);
    const rotated = await call('POST', '/api/webhook/rotate-secret', seller);
    expect(rotated.statusCode).toBe(200);
    const { secret } = rotated.json<{ secret: string }>();
    expect(secret).not.toBe(old);
    expect((await call('POST', '/api/webhook/test', seller)).statusCode).toBe(202);
    const [request] = await receiver.waitFor(1);
    expect(signatureIsValid(secret, request?.headers['x-signature'], request?.body ?? '')).toBe(
      true,
    );
    expect(signatureIsValid(old ?? '', request?.headers['x-signature'], request?.body ?? '')).toBe(
      false,
    );
  });

  it('is removed with DELETE; then nothing can be sent or rotated', async () => {
    const seller = await signUpSeller(t.app);
    await setWebhook(seller, ['sale.created']);
    expect((await call('DELETE', '/api/webhook', seller)).statusCode).toBe(204);
    expect((await call('GET', '/api/webhook', seller)).json()).toEqual({ url: null, events: [] });
    expect((await call('POST', '/api/webhook/test', seller)).statusCode).toBe(404);
    expect((await call('POST', '/api/webhook/rotate-secret', seller)).statusCode).toBe(404);
  });
});

describe('deliveries', () => {
  it('send each sale, signed, with the id that makes duplicates harmless', async () => {
    const seller = await signUpSeller(t.app);
    const { secret } = await setWebhook(seller, ['sale.created']);
    const product = await createProductFor(t.app, seller.token, 'Seoul city guide');
    await recordPurchase(t.app, purchase(product.product.id, { amount: 25_000 }));

    const [request] = await receiver.waitFor(1);
    expect(request?.headers['content-type']).toBe('application/json');
    expect(
      signatureIsValid(secret ?? '', request?.headers['x-signature'], request?.body ?? ''),
    ).toBe(true);
    const body = webhookPayloadSchema.parse(JSON.parse(request?.body ?? ''));
    expect(request?.headers['x-webhook-id']).toBe(body.id);
    expect(body.type).toBe('sale.created');
    // The sale as the transactions list shows it.
    const listed = await call('GET', '/api/products/sales/transactions', seller);
    const [transaction] = listed.json<{ transactions: unknown[] }>().transactions;
    expect(body.data).toEqual(transactionSchema.parse(transaction));
    expect(body.data).toMatchObject({ product_title: 'Seoul city guide' });

    await expect.poll(async () => (await deliveries(seller))[0]?.status).toBe('succeeded');
    const [logged] = await deliveries(seller);
    expect(logged).toMatchObject({
      eventId: body.id,
      event: 'sale.created',
      attempts: [{ at: expect.any(String), statusCode: 200, error: null }],
      statusCode: 200,
      nextAttemptAt: null,
    });
    expect(logged?.durationMs).toBeGreaterThanOrEqual(0);
  });

  it('are retried after a failing answer, with the same id and body, until one succeeds', async () => {
    const seller = await signUpSeller(t.app);
    const { secret } = await setWebhook(seller, ['sale.created']);
    const product = await createProductFor(t.app, seller.token);
    receiver.answer(500, 503);
    const before = Date.now();
    await recordPurchase(t.app, purchase(product.product.id));

    await receiver.waitFor(1);
    await expect.poll(async () => (await deliveries(seller))[0]?.statusCode).toBe(500);
    const [waiting] = await deliveries(seller);
    expect(waiting).toMatchObject({
      status: 'pending',
      attempts: [{ statusCode: 500, error: 'answered 500' }],
    });
    const nextAt = Date.parse(waiting?.nextAttemptAt ?? '');
    expect(nextAt - before).toBeGreaterThanOrEqual(webhookRetryDelaysMs[0] ?? 0);
    expect(nextAt - Date.now()).toBeLessThanOrEqual(webhookRetryDelaysMs[0] ?? 0);

    await bringRetriesForward();
    await receiver.waitFor(2);
    await expect.poll(async () => (await deliveries(seller))[0]?.attempts.length).toBe(2);
    await bringRetriesForward();
    const received = await receiver.waitFor(3);
    await expect.poll(async () => (await deliveries(seller))[0]?.status).toBe('succeeded');

    expect(received).toHaveLength(3);
    expect(new Set(received.map((request) => request.headers['x-webhook-id'])).size).toBe(1);
    expect(new Set(received.map((request) => request.body)).size).toBe(1);
    for (const request of received) {
      expect(signatureIsValid(secret ?? '', request.headers['x-signature'], request.body)).toBe(
        true,
      );
    }
    // Every attempt stays in the log, oldest first: the failures before the success too.
    const [done] = await deliveries(seller);
    expect(done).toMatchObject({ statusCode: 200 });
    expect(done?.attempts.map((attempt) => [attempt.statusCode, attempt.error])).toEqual([
      [500, 'answered 500'],
      [503, 'answered 503'],
      [200, null],
    ]);
    const times = done?.attempts.map((attempt) => Date.parse(attempt.at)) ?? [];
    expect(times).toEqual([...times].sort((a, b) => a - b));
  });

  it('count a redirect as a failure and do not follow it', async () => {
    const seller = await signUpSeller(t.app);
    await setWebhook(seller, ['sale.created']);
    receiver.answer(302);
    expect((await call('POST', '/api/webhook/test', seller)).statusCode).toBe(202);
    await expect.poll(async () => (await deliveries(seller))[0]?.statusCode).toBe(302);
    expect((await deliveries(seller))[0]?.status).toBe('pending');
    expect(receiver.received.map((request) => request.headers.host)).toHaveLength(1);
  });

  it('retry for about a day, about ten attempts', () => {
    const total = webhookRetryDelaysMs.reduce((sum, delay) => sum + delay, 0);
    expect(total).toBeGreaterThanOrEqual(20 * 60 * 60_000);
    expect(total).toBeLessThanOrEqual(30 * 60 * 60_000);
    expect(webhookRetry.maxAttempts).toBeGreaterThanOrEqual(8);
    expect(webhookRetry.maxAttempts).toBeLessThanOrEqual(12);
    for (let attempt = 2; attempt < webhookRetry.maxAttempts; attempt += 1) {
      expect(webhookRetry.delayMs(attempt)).toBeGreaterThanOrEqual(
        webhookRetry.delayMs(attempt - 1),
      );
    }
  });

  it('send product changes to a webhook that listens for them, and only the events chosen', async () => {
    const seller = await signUpSeller(t.app);
    await setWebhook(seller, ['product.updated']);
    const product = await createProductFor(t.app, seller.token, 'Before');
    await recordPurchase(t.app, purchase(product.product.id));
    const updated = await call('PUT', `/api/products/${product.product.id}`, seller, {
      title: 'After',
    });
    expect(updated.statusCode, updated.body).toBe(200);

    const [request] = await receiver.waitFor(1);
    const body = webhookPayloadSchema.parse(JSON.parse(request?.body ?? ''));
    expect(body.type).toBe('product.updated');
    expect(body.data).toMatchObject({ id: product.product.id, title: 'After', sales_count: 1 });
    // The sale made no delivery: the webhook does not listen for sales.
    await t.app.jobQueue.runDue();
    expect(receiver.received).toHaveLength(1);
    expect((await deliveries(seller)).map((delivery) => delivery.event)).toEqual([
      'product.updated',
    ]);
  });

  it('send a test event on demand, and resend a delivery with the same id', async () => {
    const seller = await signUpSeller(t.app);
    await setWebhook(seller, ['sale.created']);
    const sent = await call('POST', '/api/webhook/test', seller);
    expect(sent.statusCode).toBe(202);
    expect(sent.json()).toMatchObject({ event: 'webhook.test', status: 'pending', attempts: [] });
    await receiver.waitFor(1);
    const first = JSON.parse(receiver.received[0]?.body ?? '');
    expect(first).toMatchObject({ type: 'webhook.test', data: { message: expect.any(String) } });

    const resent = await call('POST', `/api/webhook/deliveries/${sent.json().id}/resend`, seller);
    expect(resent.statusCode).toBe(202);
    expect(resent.json().eventId).toBe(sent.json().eventId);
    expect(resent.json().id).not.toBe(sent.json().id);
    const received = await receiver.waitFor(2);
    expect(received[1]?.body).toBe(received[0]?.body);
    expect(received[1]?.headers['x-webhook-id']).toBe(received[0]?.headers['x-webhook-id']);
    await expect
      .poll(async () => (await deliveries(seller)).map((delivery) => delivery.status))
      .toEqual(['succeeded', 'succeeded']);
  });

  it('keep the outcome of the run that holds the job, not that of a run that stalled past its lease', async () => {
    const seller = await signUpSeller(t.app);
    await setWebhook(seller, ['sale.created']);
    receiver.holdNext();
    const sent = await call('POST', '/api/webhook/test', seller);
    expect(sent.statusCode).toBe(202);
    await receiver.waitFor(1);
    // The receiver holds the first request until that run's lease has run out (moved back
    // rather than waited for): another run takes the job and delivers.
    await t.database.db
      .update(jobs)
      .set({ lockedUntil: sql`now() - interval '1 second'` })
      .where(deliveryJob(sent.json<{ id: string }>().id));
    t.app.jobQueue.nudge();
    await receiver.waitFor(2);
    await expect.poll(async () => (await deliveries(seller))[0]?.status).toBe('succeeded');

    // The first request gets its answer at last, a failure: it changes nothing.
    receiver.release(500);
    await t.app.jobQueue.runDue();
    const [delivery] = await deliveries(seller);
    expect(delivery).toMatchObject({
      status: 'succeeded',
      statusCode: 200,
      nextAttemptAt: null,
      attempts: [{ statusCode: 200, error: null }],
    });
    const [job] = await t.database.db
      .select()
      .from(jobs)
      .where(deliveryJob(sent.json<{ id: string }>().id));
    expect(job).toMatchObject({ state: 'done', attempts: 2, lastError: null });
  });

  it('fail when their server stopped during the last attempt', async () => {
    const seller = await signUpSeller(t.app);
    await setWebhook(seller, ['sale.created']);
    receiver.holdNext();
    const sent = await call('POST', '/api/webhook/test', seller);
    const id = sent.json<{ id: string }>().id;
    await receiver.waitFor(1);
    // As if every attempt had taken its server down: the last one's lease ran out, unfinished.
    await t.database.db
      .update(jobs)
      .set({ attempts: sql`${jobs.maxAttempts}`, lockedUntil: sql`now() - interval '1 second'` })
      .where(deliveryJob(id));
    t.app.jobQueue.nudge();
    await expect.poll(async () => (await deliveries(seller))[0]?.status).toBe('failed');
    expect((await deliveries(seller))[0]).toMatchObject({
      nextAttemptAt: null,
      error: abandonedJobError,
    });
    receiver.release(200);
    await t.app.jobQueue.runDue();
    expect((await deliveries(seller))[0]?.status).toBe('failed');
  });

  it("keep another seller's log and deliveries invisible", async () => {
    const owner = await signUpSeller(t.app);
    const stranger = await signUpSeller(t.app);
    await setWebhook(owner, ['sale.created']);
    await setWebhook(stranger, ['sale.created'], '/stranger');
    const sent = (await call('POST', '/api/webhook/test', owner)).json<{ id: string }>();
    expect(await deliveries(stranger)).toEqual([]);
    const resend = await call('POST', `/api/webhook/deliveries/${sent.id}/resend`, stranger);
    expect(resend.statusCode).toBe(404);
    expect(
      (await call('POST', '/api/webhook/deliveries/not-a-uuid/resend', owner)).statusCode,
    ).toBe(404);
  });
});

describe('addresses a webhook may not reach', () => {
  let strict: TestApp;
  beforeAll(async () => {
    strict = await createTestApp();
  });
  afterAll(async () => {
    await strict.close();
  });

  it('are refused when saved: plain http, private, loopback, link-local and metadata addresses', async () => {
    const seller = await signUpSeller(strict.app);
    for (const url of [
      'http://example.com/hook',
      'https://127.0.0.1/hook',
      'https://localhost/hook',
      'https://[::1]/hook',
      'https://10.1.2.3/hook',
      'https://192.168.0.10/hook',
      'https://172.16.5.4/hook',
      'https://169.254.169.254/latest/meta-data',
      'https://[fe80::1]/hook',
      'https://[fd00::1]/hook',
      'https://0.0.0.0/hook',
      'https://user:secret@example.com/hook',
      receiver.url,
    ]) {
      const response = await strict.app.inject({
        method: 'PUT',
        url: '/api/webhook',
        headers: bearer(seller.token),
        payload: { url, events: ['sale.created'] },
      });
      expect(response.statusCode, url).toBe(400);
      expect(response.json(), url).toMatchObject({
        code: 'webhook_url_not_allowed',
        details: [{ path: 'url', code: 'webhookUrlNotAllowed' }],
      });
    }
  });

  it('are checked again when sending, whatever the URL pointed at when it was saved', async () => {
    const seller = await signUpSeller(strict.app);
    const saved = await strict.app.inject({
      method: 'PUT',
      url: '/api/webhook',
      headers: bearer(seller.token),
      payload: { url: 'https://93.184.215.14/hook', events: ['sale.created'] },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    // As if the name had resolved to a public address when saved and to loopback now.
    await strict.database.db
      .update(webhooksTable)
      .set({ url: `${receiver.url}/rebound` })
      .where(eq(webhooksTable.url, 'https://93.184.215.14/hook'));
    const sent = await strict.app.inject({
      method: 'POST',
      url: '/api/webhook/test',
      headers: bearer(seller.token),
    });
    expect(sent.statusCode).toBe(202);
    await expect
      .poll(async () => {
        const log = await strict.app.inject({
          method: 'GET',
          url: '/api/webhook/deliveries',
          headers: bearer(seller.token),
        });
        return log.json<{ deliveries: { attempts: unknown[]; error: string | null }[] }>()
          .deliveries[0];
      })
      .toMatchObject({
        attempts: [
          {
            statusCode: null,
            durationMs: 0,
            error: expect.stringMatching(/not an allowed address/),
          },
        ],
        error: expect.stringMatching(/not an allowed address/),
      });
    expect(receiver.received).toHaveLength(0);
  });
});
