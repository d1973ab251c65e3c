import { randomBytes } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { jobs } from '../../db/schema.ts';
import { describeWithRedis } from '../../test/redis.ts';
import { bearer, signUpSeller } from '../../test/sellers.ts';
import { type SmtpPeer, startSmtpPeer } from '../../test/smtp-peer.ts';
import { createSiblingApp, createTestApp, type TestApp } from '../../test/test-app.ts';

const attempt = (
  t: TestApp,
  email: string,
  password: string,
  client: { remoteAddress?: string; forwardedFor?: string } = {},
) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password },
    remoteAddress: client.remoteAddress ?? '203.0.113.10',
    headers: client.forwardedFor ? { 'x-forwarded-for': client.forwardedFor } : {},
  });

/** Mails still waiting in the queue, or being sent. */
async function unsentMails(t: TestApp): Promise<number> {
  const rows = await t.database.db
    .select({ id: jobs.id })
    .from(jobs)
    .where(and(eq(jobs.kind, 'mail'), inArray(jobs.state, ['queued', 'running'])));
  return rows.length;
}

/** The statuses of `times` wrong sign-ins sent all at once, counted by status. */
async function failAtOnce(
  t: TestApp,
  times: number,
  emailOf: (i: number) => string,
  client: { remoteAddress?: string } = {},
): Promise<Record<number, number>> {
  const answers = await Promise.all(
    Array.from({ length: times }, (_, i) => attempt(t, emailOf(i), `wrong-${i}-password`, client)),
  );
  const statuses: Record<number, number> = {};
  for (const answer of answers) {
    statuses[answer.statusCode] = (statuses[answer.statusCode] ?? 0) + 1;
  }
  return statuses;
}

async function failTimes(
  t: TestApp,
  email: string,
  times: number,
  client: { remoteAddress?: string; forwardedFor?: string } = {},
) {
  for (let i = 0; i < times; i += 1) {
    const response = await attempt(t, email, `wrong-${i}-password`, client);
    expect(response.statusCode).toBe(401);
  }
}

describe('failed logins per account and address', () => {
  let t: TestApp;
  let smtp: SmtpPeer;
  /** The slowdowns of sign-ins, in milliseconds; each one waits for `held`, if set. */
  const slowdowns: number[] = [];
  let held: Promise<void> | undefined;
  beforeAll(async () => {
    smtp = await startSmtpPeer();
    t = await createTestApp(
      {
        RATE_LIMIT_LOGIN_ACCOUNT: '3',
        RATE_LIMIT_LOGIN_ACCOUNT_CEILING: '5',
        RATE_LIMIT_LOGIN_IP: '1000',
        RATE_LIMIT_LOGIN_WINDOW_SECONDS: '900',
        SMTP_URL: smtp.url,
      },
      {
        sleep: async (ms) => {
          slowdowns.push(ms);
          await held;
        },
      },
    );
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('refuses the pair with 429 and Retry-After once over the limit, even with the right password', async () => {
    const seller = await signUpSeller(t.app);
    await failTimes(t, seller.email, 3);
    const blocked = await attempt(t, seller.email, seller.password);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toMatchObject({ code: 'rate_limited' });
    const retryAfter = Number(blocked.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(900);
  });

  it('refuses wrong passwords sent all at once past the limit of the account and address', async () => {
    const seller = await signUpSeller(t.app);
    const client = { remoteAddress: '198.51.100.90' };
    expect(await failAtOnce(t, 20, () => seller.email, client)).toEqual({ 401: 3, 429: 17 });
    expect((await attempt(t, seller.email, seller.password, client)).statusCode).toBe(429);
  });

  it('a stranger cannot lock the owner out: failures from one address leave the others open', async () => {
    const seller = await signUpSeller(t.app);
    await failTimes(t, seller.email, 2, { remoteAddress: '198.51.100.1' });
    await failTimes(t, seller.email.toUpperCase(), 1, { remoteAddress: '198.51.100.1' });
    expect(
      (await attempt(t, seller.email, seller.password, { remoteAddress: '198.51.100.1' }))
        .statusCode,
    ).toBe(429);
    const owner = await attempt(t, seller.email, seller.password, {
      remoteAddress: '198.51.100.2',
    });
    expect(owner.statusCode).toBe(200);
  });

  it('past the account ceiling over every address, answers slow down but still come', async () => {
    const seller = await signUpSeller(t.app);
    slowdowns.length = 0;
    for (let i = 0; i < 7; i += 1) {
      await failTimes(t, seller.email, 1, { remoteAddress: `198.51.100.${20 + i}` });
    }
    // The seventh attempt came after six failures against a ceiling of five.
    expect(slowdowns).toEqual([250]);

    let release = () => {};
    held = new Promise((resolve) => {
      release = resolve;
    });
    let answered = false;
    const owner = attempt(t, seller.email, seller.password, {
      remoteAddress: '198.51.100.60',
    }).finally(() => {
      answered = true;
    });
    try {
      // Seven failures against a ceiling of five: half a second of delay.
      await vi.waitFor(() => expect(slowdowns).toEqual([250, 500]), { timeout: 10_000 });
      // A sign-in of another account, made meanwhile, is answered without waiting; the owner's
      // is not, until its delay is over.
      expect((await attempt(t, 'other@example.com', 'wrong-password')).statusCode).toBe(401);
      expect(answered).toBe(false);
    } finally {
      held = undefined;
      release();
    }
    expect((await owner).statusCode).toBe(200);
  });

  it('counts unknown emails too, answering them like known ones until the limit', async () => {
    await failTimes(t, 'ghost@example.com', 3);
    expect((await attempt(t, 'ghost@example.com', 'whatever-pass')).statusCode).toBe(429);
  });

  it('forgets the failures of the pair after a successful login', async () => {
    const seller = await signUpSeller(t.app);
    await failTimes(t, seller.email, 2);
    expect((await attempt(t, seller.email, seller.password)).statusCode).toBe(200);
    await failTimes(t, seller.email, 2);
    expect((await attempt(t, seller.email, seller.password)).statusCode).toBe(200);
  });

  it('mails the owner about a sign-in from a new address after failed attempts, once a day', async () => {
    const seller = await signUpSeller(t.app);
    // Known address, no failures: no mail.
    expect(
      (await attempt(t, seller.email, seller.password, { remoteAddress: '192.0.2.10' })).statusCode,
    ).toBe(200);
    await failTimes(t, seller.email, 2, { remoteAddress: '192.0.2.66' });
    // The owner again from the known address: no mail.
    await attempt(t, seller.email, seller.password, { remoteAddress: '192.0.2.10' });
    // From a new address after the failures: a mail.
    await attempt(t, seller.email, seller.password, { remoteAddress: '192.0.2.11' });
    // Mails of the tests before this one may still be arriving: this seller's is awaited.
    await vi.waitFor(
      () => expect(smtp.received.some((mail) => mail.to.includes(seller.email))).toBe(true),
      { timeout: 10_000 },
    );
    const notice = smtp.received.find((mail) => mail.to.includes(seller.email));
    expect(notice?.to).toEqual([seller.email]);
    expect(notice?.subject).toBe('New sign-in to your Seller Center account');
    expect(notice?.text).toContain('192.0.2.11');
    // Another new address the same day: nothing more, once every queued mail has been sent.
    await attempt(t, seller.email, seller.password, { remoteAddress: '192.0.2.12' });
    await vi.waitFor(async () => expect(await unsentMails(t)).toBe(0), { timeout: 10_000 });
    expect(smtp.received.filter((mail) => mail.to.includes(seller.email))).toHaveLength(1);
  });
});

describe('failed logins per client address', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_LOGIN_ACCOUNT: '1000', RATE_LIMIT_LOGIN_IP: '4' });
  });
  afterAll(() => t.close());

  it('refuses an address that failed on many accounts', async () => {
    const seller = await signUpSeller(t.app);
    for (let i = 0; i < 4; i += 1) {
      await failTimes(t, `victim${i}@example.com`, 1, { remoteAddress: '192.0.2.50' });
    }
    const blocked = await attempt(t, seller.email, seller.password, {
      remoteAddress: '192.0.2.50',
    });
    expect(blocked.statusCode).toBe(429);
    const elsewhere = await attempt(t, seller.email, seller.password, {
      remoteAddress: '192.0.2.51',
    });
    expect(elsewhere.statusCode).toBe(200);
  });

  it('refuses wrong sign-ins sent all at once past the limit of the address', async () => {
    const seller = await signUpSeller(t.app);
    const client = { remoteAddress: '192.0.2.55' };
    const statuses = await failAtOnce(t, 20, (i) => `crowd${i}@example.com`, client);
    expect(statuses).toEqual({ 401: 4, 429: 16 });
    expect((await attempt(t, seller.email, seller.password, client)).statusCode).toBe(429);
  });

  it('is not reset by a forged X-Forwarded-For when no proxy is trusted', async () => {
    const seller = await signUpSeller(t.app);
    for (let i = 0; i < 4; i += 1) {
      await failTimes(t, `target${i}@example.com`, 1, {
        remoteAddress: '192.0.2.60',
        forwardedFor: `10.0.0.${i}`,
      });
    }
    const forged = await attempt(t, seller.email, seller.password, {
      remoteAddress: '192.0.2.60',
      forwardedFor: '10.9.9.9',
    });
    expect(forged.statusCode).toBe(429);
  });
});

describe('behind a trusted proxy', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      RATE_LIMIT_LOGIN_ACCOUNT: '1000',
      RATE_LIMIT_LOGIN_IP: '2',
      TRUST_PROXY: '127.0.0.1',
    });
  });
  afterAll(() => t.close());

  it('counts the client address the proxy reports', async () => {
    const seller = await signUpSeller(t.app);
    const viaProxy = { remoteAddress: '127.0.0.1' };
    await failTimes(t, 'a@example.com', 2, { ...viaProxy, forwardedFor: '198.51.100.77' });
    expect(
      (
        await attempt(t, seller.email, seller.password, {
          ...viaProxy,
          forwardedFor: '198.51.100.77',
        })
      ).statusCode,
    ).toBe(429);
    expect(
      (
        await attempt(t, seller.email, seller.password, {
          ...viaProxy,
          forwardedFor: '198.51.100.78',
        })
      ).statusCode,
    ).toBe(200);
  });

  it('ignores X-Forwarded-For from an address that is not the proxy', async () => {
    const seller = await signUpSeller(t.app);
    await failTimes(t, 'b@example.com', 2, {
      remoteAddress: '203.0.113.99',
      forwardedFor: '1.1.1.1',
    });
    const response = await attempt(t, seller.email, seller.password, {
      remoteAddress: '203.0.113.99',
      forwardedFor: '2.2.2.2',
    });
    expect(response.statusCode).toBe(429);
  });
});

describe('signups per address', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_SIGNUP_IP_PER_HOUR: '2' });
  });
  afterAll(() => t.close());

  it('refuses the third signup from one address within the hour', async () => {
    const signup = (n: number, remoteAddress: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/signup',
        remoteAddress,
        payload: { email: `s${n}@example.com`, nickname: `signup${n}`, password: 'gr8-pass' },
      });
    expect((await signup(1, '203.0.113.5')).statusCode).toBe(201);
    expect((await signup(2, '203.0.113.5')).statusCode).toBe(201);
    const third = await signup(3, '203.0.113.5');
    expect(third.statusCode).toBe(429);
    expect(Number(third.headers['retry-after'])).toBeGreaterThan(0);
    expect((await signup(4, '203.0.113.6')).statusCode).toBe(201);
  });
});

/** An address of no other run: the counters in Redis outlive this one. */
const addressOfThisRun = () =>
  `2001:db8::${randomBytes(6).toString('hex').match(/.{4}/g)?.join(':')}`;

describeWithRedis('counters shared through Redis', (redisUrl) => {
  const logins = { RATE_LIMIT_LOGIN_ACCOUNT: '2', RATE_LIMIT_LOGIN_IP: '1000' };
  const closers: Array<() => Promise<void>> = [];
  afterEach(async () => {
    // The copy first, then the app that owns the database.
    for (const close of closers.splice(0)) await close();
  });
  /** Two copies of the server over one database, as behind a load balancer. */
  async function twoCopies(limits: Record<string, string>): Promise<[TestApp, TestApp]> {
    const env = { REDIS_URL: redisUrl, ...limits };
    const first = await createTestApp(env);
    const sibling = await createSiblingApp(first, env);
    closers.push(
      () => sibling.close(),
      () => first.close(),
    );
    return [first, { ...first, app: sibling }];
  }

  it('lets two server copies share failed-login counts', async () => {
    const [first, second] = await twoCopies(logins);
    const client = { remoteAddress: addressOfThisRun() };
    const email = `shared-${randomBytes(6).toString('hex')}@example.com`;
    await failTimes(first, email, 1, client);
    await failTimes(second, email, 1, client);
    expect((await attempt(first, email, 'again-wrong', client)).statusCode).toBe(429);
    expect((await attempt(second, email, 'again-wrong', client)).statusCode).toBe(429);
  });

  it('refuses wrong passwords sent at once to two copies past the shared limit', async () => {
    const [first, second] = await twoCopies(logins);
    const client = { remoteAddress: addressOfThisRun() };
    const email = `crowd-${randomBytes(6).toString('hex')}@example.com`;
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        attempt(i % 2 === 0 ? first : second, email, `wrong-${i}-password`, client),
      ),
    );
    const refused = answers.filter((answer) => answer.statusCode === 429).length;
    expect(answers.length - refused).toBe(2);
  });

  it("clears an account's failures on every copy after a successful login on one", async () => {
    const [first, second] = await twoCopies(logins);
    const client = { remoteAddress: addressOfThisRun() };
    const seller = await signUpSeller(first.app);
    await failTimes(first, seller.email, 1, client);
    expect((await attempt(second, seller.email, seller.password, client)).statusCode).toBe(200);
    await failTimes(first, seller.email, 1, client);
    // Without the reset seen by the first copy, this would be its third failure: refused.
    expect((await attempt(first, seller.email, seller.password, client)).statusCode).toBe(200);
  });

  it('counts the signups of one address across copies', async () => {
    const [first, second] = await twoCopies({ RATE_LIMIT_SIGNUP_IP_PER_HOUR: '2' });
    const remoteAddress = addressOfThisRun();
    const signup = (t: TestApp) => {
      const suffix = randomBytes(4).toString('hex');
      return t.app.inject({
        method: 'POST',
        url: '/api/auth/signup',
        remoteAddress,
        payload: {
          email: `s${suffix}@example.com`,
          nickname: `signup${suffix}`,
          password: `gr8-pass-${suffix}`,
        },
      });
    };
    expect((await signup(first)).statusCode).toBe(201);
    expect((await signup(second)).statusCode).toBe(201);
    const third = await signup(first);
    expect(third.statusCode).toBe(429);
    expect(Number(third.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('when Redis is unreachable', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ REDIS_URL: 'redis://127.0.0.1:1', RATE_LIMIT_LOGIN_ACCOUNT: '1' });
  });
  afterAll(() => t.close());

  it('lets logins through rather than locking every seller out', async () => {
    const seller = await signUpSeller(t.app);
    expect((await attempt(t, seller.email, 'wrong-one-pass')).statusCode).toBe(401);
    expect((await attempt(t, seller.email, seller.password)).statusCode).toBe(200);
  });
});

describe('upload URLs per seller', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_UPLOAD_URLS_PER_15_MIN: '2' });
  });
  afterAll(() => t.close());

  it('refuses a seller asking for too many upload URLs, and only that seller', async () => {
    const greedy = await signUpSeller(t.app);
    const other = await signUpSeller(t.app);
    const ask = (token: string, url: string, payload: object) =>
      t.app.inject({ method: 'POST', url, headers: bearer(token), payload });
    const file = { fileName: 'a.pdf', fileType: 'application/pdf', fileSize: 10, isImage: false };
    expect((await ask(greedy.token, '/api/products/get-upload-url', file)).statusCode).toBe(200);
    const multipart = {
      fileName: 'b.zip',
      fileType: 'application/zip',
      fileSize: 200 * 1024 * 1024,
    };
    expect(
      (await ask(greedy.token, '/api/products/start-multipart-upload', multipart)).statusCode,
    ).toBe(200);
    const third = await ask(greedy.token, '/api/auth/avatar-upload-url', {
      fileName: 'me.png',
      fileType: 'image/png',
      fileSize: 100,
    });
    expect(third.statusCode).toBe(429);
    expect(Number(third.headers['retry-after'])).toBeGreaterThan(0);
    expect((await ask(other.token, '/api/products/get-upload-url', file)).statusCode).toBe(200);
  });
});
