import type { ActivityResponse } from '@seller/contract/auth/get-activity';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, signUpSeller, type TestSeller } from '../../test/sellers.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { base32Decode, hotp, totpStep } from './totp.ts';

/**
 * The steps that ask a signed-in seller for the password again count every wrong password as
 * a sign-in does: a stolen session cannot guess the password behind it any faster.
 */
let clock = Date.UTC(2026, 10, 24, 9, 0, 0);
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp(
    {
      RATE_LIMIT_LOGIN_ACCOUNT: '3',
      RATE_LIMIT_LOGIN_IP: '1000',
      RATE_LIMIT_LOGIN_WINDOW_SECONDS: '900',
    },
    { clock: () => new Date(clock) },
  );
});
afterAll(async () => {
  await t.close();
});

const codeAt = (secret: string) => hotp(base32Decode(secret), totpStep(clock));
let addresses = 0;
/** A client address of its own for each test: their counts never meet. */
const newAddress = () => {
  addresses += 1;
  return `198.51.100.${addresses}`;
};

const call = (
  seller: TestSeller,
  ip: string,
  method: 'POST' | 'DELETE',
  url: string,
  payload: object,
) => t.app.inject({ method, url, payload, headers: bearer(seller.token), remoteAddress: ip });

/** A seller with two-factor sign-in on, and the secret of the authenticator. */
async function withTwoFactor(seller: TestSeller): Promise<string> {
  const setup = await t.app.inject({
    method: 'POST',
    url: '/api/auth/2fa/setup',
    headers: bearer(seller.token),
  });
  const { secret } = setup.json<{ secret: string }>();
  const enabled = await t.app.inject({
    method: 'POST',
    url: '/api/auth/2fa/enable',
    headers: bearer(seller.token),
    payload: { code: codeAt(secret) },
  });
  expect(enabled.statusCode, enabled.body).toBe(200);
  clock += 30_000;
  return secret;
}

/** Each re-check: the call with a given password, and the field a wrong one is named under. */
const rechecks = {
  'email change': {
    path: 'password',
    send: (seller: TestSeller, ip: string, password: string) =>
      call(seller, ip, 'POST', '/api/auth/email-change', {
        newEmail: `moved-${seller.nickname}@example.com`,
        password,
      }),
  },
  'account deletion': {
    path: 'password',
    send: (seller: TestSeller, ip: string, password: string) =>
      call(seller, ip, 'DELETE', '/api/auth/account', { password }),
  },
  'turning two-factor sign-in off': {
    path: 'password',
    twoFactor: true,
    send: (seller: TestSeller, ip: string, password: string, secret?: string) =>
      call(seller, ip, 'POST', '/api/auth/2fa/disable', {
        password,
        code: codeAt(secret ?? ''),
      }),
  },
  'password change': {
    path: 'currentPassword',
    send: (seller: TestSeller, ip: string, password: string) =>
      call(seller, ip, 'POST', '/api/auth/change-password', {
        currentPassword: password,
        newPassword: 'a-brand-new-passphrase',
      }),
  },
} as const;

async function activityOf(seller: TestSeller): Promise<string[]> {
  const response = await t.app.inject({
    url: '/api/auth/activity?limit=100',
    headers: bearer(seller.token),
  });
  expect(response.statusCode).toBe(200);
  return response.json<ActivityResponse>().events.map((event) => event.type);
}

describe.each(Object.entries(rechecks))('the password re-check of %s', (_name, recheck) => {
  it('is throttled like sign-in: 429 with Retry-After past the limit, even with the right password', async () => {
    const seller = await signUpSeller(t.app);
    const secret = 'twoFactor' in recheck ? await withTwoFactor(seller) : undefined;
    const ip = newAddress();
    for (let i = 0; i < 3; i += 1) {
      const wrong = await recheck.send(seller, ip, `wrong-password-${i}`, secret);
      expect(wrong.statusCode, wrong.body).toBe(400);
      expect(wrong.json()).toMatchObject({
        code: 'wrong_password',
        details: [{ path: recheck.path, code: 'wrongPassword' }],
      });
    }
    const blocked = await recheck.send(seller, ip, seller.password, secret);
    expect(blocked.statusCode, blocked.body).toBe(429);
    expect(blocked.json()).toMatchObject({ code: 'rate_limited' });
    const retryAfter = Number(blocked.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(900);
  });

  it('writes each wrong password to the activity log', async () => {
    const seller = await signUpSeller(t.app);
    const secret = 'twoFactor' in recheck ? await withTwoFactor(seller) : undefined;
    const ip = newAddress();
    for (let i = 0; i < 2; i += 1) {
      expect((await recheck.send(seller, ip, `wrong-password-${i}`, secret)).statusCode).toBe(400);
    }
    const failed = (await activityOf(seller)).filter((type) => type === 'password_check_failed');
    expect(failed).toHaveLength(2);
  });
});

it('shares one count with sign-in: wrong re-checks leave the sign-in from that address refused', async () => {
  const seller = await signUpSeller(t.app);
  const ip = newAddress();
  for (let i = 0; i < 3; i += 1) {
    expect((await rechecks['email change'].send(seller, ip, `wrong-${i}`)).statusCode).toBe(400);
  }
  const login = await t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: seller.email, password: seller.password },
    remoteAddress: ip,
  });
  expect(login.statusCode).toBe(429);
  // The owner elsewhere is not locked out.
  const elsewhere = await t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: seller.email, password: seller.password },
    remoteAddress: newAddress(),
  });
  expect(elsewhere.statusCode).toBe(200);
});

it('refuses wrong re-checks sent all at once past the limit of the account and address', async () => {
  const seller = await signUpSeller(t.app);
  const ip = newAddress();
  const answers = await Promise.all(
    Array.from({ length: 10 }, (_, i) => rechecks['email change'].send(seller, ip, `wrong-${i}`)),
  );
  const statuses = answers.map((answer) => answer.statusCode).sort();
  expect(statuses).toEqual([400, 400, 400, ...Array<number>(7).fill(429)]);
  expect(
    (await activityOf(seller)).filter((type) => type === 'password_check_failed'),
  ).toHaveLength(3);
});
