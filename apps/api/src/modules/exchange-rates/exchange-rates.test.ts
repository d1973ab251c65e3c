import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../config.ts';
import { signInternalRequest } from '../../lib/internal-signature.ts';
import { bearer, signUpSeller, type TestSeller } from '../../test/sellers.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { seededRate, todayIn } from './exchange-rates.service.ts';
import { parseRateArguments } from './rate-arguments.ts';

const secret = 'member-site-secret-member-site-secret-01';
const latestUrl = '/api/products/exchange-rate/latest';
const internalUrl = '/api/internal/exchange-rate';

let t: TestApp;
let seller: TestSeller;
beforeAll(async () => {
  t = await createTestApp({ INTERNAL_API_SECRET: secret });
  seller = await signUpSeller(t.app);
});
afterAll(async () => {
  await t.close();
});

const latest = () => t.app.inject({ url: latestUrl, headers: bearer(seller.token) });

function putRate(payload: string, signature: string | undefined) {
  return t.app.inject({
    method: 'PUT',
    url: internalUrl,
    headers: {
      'content-type': 'application/json',
      ...(signature === undefined ? {} : { 'x-signature': signature }),
    },
    payload,
  });
}

describe('GET /api/products/exchange-rate/latest', () => {
  it('needs a signed-in seller', async () => {
    const response = await t.app.inject({ url: latestUrl });
    expect(response.statusCode).toBe(401);
  });

  it('answers the seeded rate on a new install', async () => {
    const response = await latest();
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      rate: {
        krw: Number(seededRate.krw),
        cny: Number(seededRate.cny),
        date: seededRate.rateDate,
        seeded: true,
      },
    });
  });
});

describe('PUT /api/internal/exchange-rate', () => {
  it('stores a signed rate with its date, exactly, and GET returns it', async () => {
    const payload = JSON.stringify({ krw: 1390.5, cny: 7.21, date: '2026-03-02' });
    const response = await putRate(payload, signInternalRequest(secret, payload));
    expect(response.statusCode).toBe(200);
    const expected = { rate: { krw: 1390.5, cny: 7.21, date: '2026-03-02', seeded: false } };
    expect(response.json()).toEqual(expected);
    expect((await latest()).json()).toEqual(expected);
  });

  it('dates a rate without a date today in the configured time zone', async () => {
    const payload = JSON.stringify({ krw: 1401.123456, cny: 7.3 });
    const response = await putRate(payload, signInternalRequest(secret, payload));
    expect(response.statusCode).toBe(200);
    expect((await latest()).json()).toEqual({
      rate: { krw: 1401.123456, cny: 7.3, date: todayIn('Asia/Seoul'), seeded: false },
    });
  });

  it('keeps the newest date as the latest even when an older day arrives later', async () => {
    const before = (await latest()).json();
    const payload = JSON.stringify({ krw: 1000, cny: 6, date: '2025-01-01' });
    expect((await putRate(payload, signInternalRequest(secret, payload))).statusCode).toBe(200);
    expect((await latest()).json()).toEqual(before);
  });

  it.each([
    ['no signature', () => undefined],
    ['an empty signature', () => ''],
    ['a wrong secret', (p: string) => signInternalRequest(`${secret}-other`, p)],
    ['another body', () => signInternalRequest(secret, '{"krw":1,"cny":1}')],
    [
      'a stale signature (6 minutes old)',
      (p: string) => signInternalRequest(secret, p, Math.floor(Date.now() / 1000) - 360),
    ],
    [
      'a future signature (6 minutes ahead)',
      (p: string) => signInternalRequest(secret, p, Math.floor(Date.now() / 1000) + 360),
    ],
    ['a malformed header', () => 'sha256=abc'],
  ])('refuses %s with 401 and stores nothing', async (_name, sign) => {
    const before = (await latest()).json();
    const payload = JSON.stringify({ krw: 9999, cny: 99 });
    const response = await putRate(payload, sign(payload));
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ code: 'unauthorized' });
    expect((await latest()).json()).toEqual(before);
  });

  it.each([
    ['a negative rate', { krw: -1, cny: 7 }],
    ['a zero rate', { krw: 1380, cny: 0 }],
    ['a string rate', { krw: '1380', cny: 7 }],
    ['a missing rate', { krw: 1380 }],
    ['a bad date', { krw: 1380, cny: 7, date: '2026-13-40' }],
    ['an absurd date', { krw: 1380, cny: 7, date: '0001-01-01' }],
  ])('refuses %s, signed, with 400', async (_name, body) => {
    const payload = JSON.stringify(body);
    const response = await putRate(payload, signInternalRequest(secret, payload));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'validation_failed' });
  });

  it('refuses malformed JSON with 400, never 500', async () => {
    const payload = '{"krw": 13';
    const response = await putRate(payload, signInternalRequest(secret, payload));
    expect(response.statusCode).toBe(400);
  });

  it('keeps the JSON rules of the rest of the API (no __proto__)', async () => {
    const payload = '{"krw": 1380, "cny": 7, "__proto__": {"x": 1}}';
    const response = await putRate(payload, signInternalRequest(secret, payload));
    expect(response.statusCode).toBe(400);
  });
});

describe('without INTERNAL_API_SECRET', () => {
  it('answers 404 on the whole internal API, signed or not', async () => {
    const bare = await createTestApp();
    try {
      const payload = JSON.stringify({ krw: 1390, cny: 7 });
      for (const url of [internalUrl, '/api/internal/purchases']) {
        const response = await bare.app.inject({
          method: 'PUT',
          url,
          headers: {
            'content-type': 'application/json',
            'x-signature': signInternalRequest(secret, payload),
          },
          payload,
        });
        expect(response.statusCode).toBe(404);
        expect(response.json()).toMatchObject({ code: 'not_found' });
      }
    } finally {
      await bare.close();
    }
  });
});

describe('exchange rate provider (EXCHANGE_RATE_URL)', () => {
  let server: Server;
  let answer: { status: number; body: string };
  let calls = 0;
  let url: string;
  beforeAll(async () => {
    server = createServer((_request, response) => {
      calls += 1;
      response.writeHead(answer.status, { 'content-type': 'application/json' });
      response.end(answer.body);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/rates`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
  });

  function waitForRate(app: TestApp, token: string, predicate: (rate: unknown) => boolean) {
    return vi.waitFor(
      async () => {
        const response = await app.app.inject({ url: latestUrl, headers: bearer(token) });
        const { rate } = response.json<{ rate: unknown }>();
        if (!predicate(rate)) throw new Error('the provider rate has not arrived');
        return rate;
      },
      { timeout: 10_000 },
    );
  }

  it('fetches the provider rate at start and stores it', async () => {
    answer = {
      status: 200,
      body: JSON.stringify({ krw: '1412.25', cny: 7.05, date: '2026-04-01' }),
    };
    const withProvider = await createTestApp({ EXCHANGE_RATE_URL: url });
    try {
      const owner = await signUpSeller(withProvider.app);
      const rate = await waitForRate(
        withProvider,
        owner.token,
        (r) => !(r as { seeded: boolean }).seeded,
      );
      expect(rate).toEqual({ krw: 1412.25, cny: 7.05, date: '2026-04-01', seeded: false });
    } finally {
      await withProvider.close();
    }
  });

  it('keeps the last rate and keeps serving when the provider fails', async () => {
    answer = { status: 500, body: '{"error":"down"}' };
    const before = calls;
    const withProvider = await createTestApp({ EXCHANGE_RATE_URL: url });
    try {
      const owner = await signUpSeller(withProvider.app);
      await vi.waitFor(() => expect(calls).toBeGreaterThan(before), { timeout: 10_000 });
      // The failed refresh has finished.
      await withProvider.app.jobQueue.runDue();
      const response = await withProvider.app.inject({
        url: latestUrl,
        headers: bearer(owner.token),
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ rate: { seeded: true } });
    } finally {
      await withProvider.close();
    }
  });
});

describe('rates:set arguments', () => {
  it('reads --krw, --cny and an optional --date', () => {
    expect(parseRateArguments(['--krw', '1390.5', '--cny', '7.21'])).toEqual({
      krw: 1390.5,
      cny: 7.21,
    });
    expect(parseRateArguments(['--krw=1390', '--cny=7', '--date', '2026-05-01'])).toEqual({
      krw: 1390,
      cny: 7,
      date: '2026-05-01',
    });
  });

  it.each([
    [['--krw', '1390']],
    [['--krw', 'abc', '--cny', '7']],
    [['--krw', '-5', '--cny', '7']],
    [['--krw', '1390', '--cny', '7', '--date', 'yesterday']],
    [['--krw', '1390', '--cny', '7', '--bogus', '1']],
  ])('refuses %j with a message', (args) => {
    expect(() => parseRateArguments(args)).toThrow();
  });
});

describe('settings', () => {
  // Every secret set, so that loading the settings writes nothing under DATA_DIR.
  const quietEnv = () => ({
    DATA_DIR: tmpdir(),
    JWT_SECRET: 'x'.repeat(32),
    STORAGE_SIGNING_SECRET: 'y'.repeat(32),
  });

  it.each([
    ['INTERNAL_API_SECRET', 'short'],
    ['EXCHANGE_RATE_URL', 'ftp://rates.example.com'],
    ['EXCHANGE_RATE_URL', 'not a url'],
    ['EXCHANGE_RATE_REFRESH_MINUTES', '0'],
    ['EXCHANGE_RATE_REFRESH_MINUTES', 'hourly'],
  ])('names %s when its value %s is bad', (name, value) => {
    expect(() => loadConfig({ ...quietEnv(), [name]: value })).toThrow(name);
  });

  it('has no internal secret or provider by default and refreshes hourly', () => {
    expect(loadConfig(quietEnv())).toMatchObject({
      internalApiSecret: undefined,
      exchangeRateUrl: undefined,
      exchangeRateRefreshMinutes: 60,
    });
  });
});
