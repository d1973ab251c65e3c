import type { ActivityResponse } from '@seller/contract/auth/get-activity';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  emailChangeTokens,
  loginChallenges,
  passwordResetTokens,
  recoveryCodes,
  sellers,
} from '../../db/schema.ts';
import { bearer, signUpSeller, type TestSeller } from '../../test/sellers.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { base32Decode, hotp, totpStep } from './totp.ts';

// Codes depend on the clock: the tests move the app's clock in whole 30-second steps. The
// process's own clock is left alone: PostgreSQL (PGlite) runs in this process and reads it.
let clock = Date.UTC(2026, 10, 24, 9, 0, 0);
const nextStep = () => {
  clock += 30_000;
};
const codeAt = (secret: string, offsetSteps = 0) =>
  hotp(base32Decode(secret), totpStep(clock) + offsetSteps);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { clock: () => new Date(clock) });
});
afterAll(async () => {
  await t.close();
});

function post(path: string, token: string | undefined, payload?: object) {
  return t.app.inject({
    method: 'POST',
    url: path,
    headers: token ? bearer(token) : {},
    ...(payload ? { payload } : {}),
  });
}

async function login(seller: TestSeller, password = seller.password) {
  return post('/api/auth/login', undefined, { email: seller.email, password });
}

/** A seller with two factors on: the secret and the recovery codes. */
async function enrolled() {
  const seller = await signUpSeller(t.app);
  const setup = await post('/api/auth/2fa/setup', seller.token);
  expect(setup.statusCode).toBe(200);
  const { secret, otpauthUrl } = setup.json<{ secret: string; otpauthUrl: string }>();
  const enabled = await post('/api/auth/2fa/enable', seller.token, { code: codeAt(secret) });
  expect(enabled.statusCode, enabled.body).toBe(200);
  nextStep();
  const { recoveryCodes: codes } = enabled.json<{ recoveryCodes: string[] }>();
  return { seller, secret, otpauthUrl, codes };
}

describe('setting up two-factor sign-in', () => {
  it('gives a secret and an otpauth URI, seals the secret, and needs a right first code', async () => {
    const seller = await signUpSeller(t.app);
    const setup = await post('/api/auth/2fa/setup', seller.token);
    const { secret, otpauthUrl } = setup.json<{ secret: string; otpauthUrl: string }>();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(otpauthUrl).toContain(`secret=${secret}`);
    expect(otpauthUrl).toContain(encodeURIComponent(seller.email));
    const [row] = await t.database.db.select().from(sellers).where(eq(sellers.email, seller.email));
    expect(row?.totpSecret).toBeTruthy();
    expect(row?.totpSecret).not.toContain(secret);

    const wrong = await post('/api/auth/2fa/enable', seller.token, { code: '000000' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ code: 'two_factor_code_invalid' });
    const profileBefore = await t.app.inject({
      url: '/api/auth/profile',
      headers: bearer(seller.token),
    });
    expect(profileBefore.json()).toMatchObject({ twoFactorEnabled: false });

    const enabled = await post('/api/auth/2fa/enable', seller.token, { code: codeAt(secret) });
    const { recoveryCodes: codes } = enabled.json<{ recoveryCodes: string[] }>();
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[A-Z2-7]{5}-[A-Z2-7]{5}$/);
    const stored = await t.database.db.select().from(recoveryCodes);
    expect(JSON.stringify(stored)).not.toContain(codes[0]?.replace('-', '') ?? 'x');
    const profile = await t.app.inject({ url: '/api/auth/profile', headers: bearer(seller.token) });
    expect(profile.json()).toMatchObject({ twoFactorEnabled: true });
    expect((await post('/api/auth/2fa/setup', seller.token)).statusCode).toBe(409);
  });
});

describe('signing in with two factors', () => {
  it('asks for a code after the right password; a code works once, with one step of drift', async () => {
    const { seller, secret } = await enrolled();
    const first = await login(seller);
    expect(first.statusCode).toBe(200);
    const { challenge, twoFactorRequired } = first.json<{
      challenge: string;
      twoFactorRequired: boolean;
    }>();
    expect(twoFactorRequired).toBe(true);
    expect(first.json()).not.toHaveProperty('token');
    const wrongPassword = await login(seller, 'Wrong-Password-1');
    expect(wrongPassword.statusCode).toBe(401);

    // The code of the previous step still works (a phone a little behind), once that step is
    // later than the one the setup used.
    nextStep();
    const code = codeAt(secret, -1);
    const passed = await post('/api/auth/login/2fa', undefined, { challenge, code });
    expect(passed.statusCode, passed.body).toBe(200);
    const { token } = passed.json<{ token: string }>();
    const profile = await t.app.inject({ url: '/api/auth/profile', headers: bearer(token) });
    expect(profile.statusCode).toBe(200);

    // The same code again, on a new challenge: refused (no replay).
    const again = (await login(seller)).json<{ challenge: string }>().challenge;
    const replay = await post('/api/auth/login/2fa', undefined, { challenge: again, code });
    expect(replay.json()).toMatchObject({ code: 'two_factor_code_invalid' });
    // Two steps away: refused.
    const far = await post('/api/auth/login/2fa', undefined, {
      challenge: again,
      code: codeAt(secret, 2),
    });
    expect(far.json()).toMatchObject({ code: 'two_factor_code_invalid' });
    // A used challenge cannot be used again.
    const reused = await post('/api/auth/login/2fa', undefined, {
      challenge,
      code: codeAt(secret, 1),
    });
    expect(reused.json()).toMatchObject({ code: 'two_factor_challenge_invalid' });
  });

  it('a recovery code works once, written with or without the dash', async () => {
    const { seller, codes } = await enrolled();
    const [code = '', other = ''] = codes;
    const { challenge } = (await login(seller)).json<{ challenge: string }>();
    const passed = await post('/api/auth/login/2fa', undefined, {
      challenge,
      recoveryCode: code.toLowerCase().replace('-', ' '),
    });
    expect(passed.statusCode, passed.body).toBe(200);
    const next = (await login(seller)).json<{ challenge: string }>().challenge;
    const reused = await post('/api/auth/login/2fa', undefined, {
      challenge: next,
      recoveryCode: code,
    });
    expect(reused.json()).toMatchObject({ code: 'two_factor_code_invalid' });
    const fresh = await post('/api/auth/login/2fa', undefined, {
      challenge: next,
      recoveryCode: other,
    });
    expect(fresh.statusCode).toBe(200);
  });

  it('a challenge allows five tries and five minutes', async () => {
    const { seller, secret } = await enrolled();
    const { challenge } = (await login(seller)).json<{ challenge: string }>();
    for (let i = 0; i < 5; i++) {
      const wrong = await post('/api/auth/login/2fa', undefined, { challenge, code: '123456' });
      expect(wrong.json()).toMatchObject({ code: 'two_factor_code_invalid' });
    }
    const sixth = await post('/api/auth/login/2fa', undefined, {
      challenge,
      code: codeAt(secret),
    });
    expect(sixth.json()).toMatchObject({ code: 'two_factor_challenge_invalid' });

    const late = (await login(seller)).json<{ challenge: string }>().challenge;
    await t.database.db
      .update(loginChallenges)
      // The server goes by the app's clock, not the database's.
      .set({ expiresAt: new Date(clock - 1000) })
      .where(sql`${loginChallenges.consumedAt} is null`);
    const expired = await post('/api/auth/login/2fa', undefined, {
      challenge: late,
      code: codeAt(secret),
    });
    expect(expired.json()).toMatchObject({ code: 'two_factor_challenge_invalid' });
  });

  it('new recovery codes replace the old ones; turning off needs the password and a code', async () => {
    const { seller, secret, codes } = await enrolled();
    const renewed = await post('/api/auth/2fa/recovery-codes', seller.token, {
      code: codeAt(secret),
    });
    expect(renewed.statusCode).toBe(200);
    nextStep();
    const { recoveryCodes: fresh } = renewed.json<{ recoveryCodes: string[] }>();
    const { challenge } = (await login(seller)).json<{ challenge: string }>();
    const old = await post('/api/auth/login/2fa', undefined, {
      challenge,
      recoveryCode: codes[0],
    });
    expect(old.json()).toMatchObject({ code: 'two_factor_code_invalid' });
    const ok = await post('/api/auth/login/2fa', undefined, { challenge, recoveryCode: fresh[0] });
    expect(ok.statusCode).toBe(200);

    const wrongPassword = await post('/api/auth/2fa/disable', seller.token, {
      password: 'Not-The-Password-9',
      code: codeAt(secret),
    });
    expect(wrongPassword.json()).toMatchObject({ code: 'wrong_password' });
    const off = await post('/api/auth/2fa/disable', seller.token, {
      password: seller.password,
      code: codeAt(secret),
    });
    expect(off.statusCode).toBe(204);
    const plain = await login(seller);
    expect(plain.json()).toHaveProperty('token');
    const [row] = await t.database.db.select().from(sellers).where(eq(sellers.email, seller.email));
    expect(row).toMatchObject({ totpSecret: null, totpEnabledAt: null });
    const left = await t.database.db
      .select()
      .from(recoveryCodes)
      .where(eq(recoveryCodes.sellerId, row?.id ?? ''));
    expect(left).toEqual([]);
  });

  it('writes new recovery codes to the activity, with where they were asked from', async () => {
    const { seller, secret } = await enrolled();
    const renewed = await t.app.inject({
      method: 'POST',
      url: '/api/auth/2fa/recovery-codes',
      headers: bearer(seller.token),
      payload: { code: codeAt(secret) },
      remoteAddress: '203.0.113.77',
    });
    expect(renewed.statusCode).toBe(200);
    nextStep();
    const activity = await t.app.inject({
      url: '/api/auth/activity',
      headers: bearer(seller.token),
    });
    const events = activity.json<ActivityResponse>().events;
    expect(events[0]).toMatchObject({ type: 'recovery_codes_regenerated', ip: '203.0.113.77' });
  });
});

async function activityOf(token: string): Promise<string[]> {
  const response = await t.app.inject({
    url: '/api/auth/activity?limit=100',
    headers: bearer(token),
  });
  expect(response.statusCode).toBe(200);
  return response.json<ActivityResponse>().events.map((event) => event.type);
}

const sellerIdOf = async (seller: TestSeller) => {
  const [row] = await t.database.db.select().from(sellers).where(eq(sellers.email, seller.email));
  return row?.id ?? '';
};

describe('codes asked of a signed-in seller', () => {
  it('are limited per seller, wrong ones sent at once included, and written to the activity', async () => {
    const { seller, secret } = await enrolled();
    // Ten wrong codes are allowed (RATE_LIMIT_LOGIN_ACCOUNT), from whatever address.
    const answers = await Promise.all(
      Array.from({ length: 15 }, (_, i) =>
        t.app.inject({
          method: 'POST',
          url: '/api/auth/2fa/recovery-codes',
          headers: bearer(seller.token),
          payload: { code: '000000' },
          remoteAddress: `203.0.113.${100 + i}`,
        }),
      ),
    );
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses).toEqual([...Array<number>(10).fill(400), ...Array<number>(5).fill(429)]);
    const refused = answers.find((answer) => answer.statusCode === 429);
    expect(refused?.json()).toMatchObject({ code: 'rate_limited' });
    expect(Number(refused?.headers['retry-after'])).toBeGreaterThan(0);

    // The right code is refused too now, and so is turning two factors off (the same count).
    const right = await t.app.inject({
      method: 'POST',
      url: '/api/auth/2fa/recovery-codes',
      headers: bearer(seller.token),
      payload: { code: codeAt(secret) },
      remoteAddress: '203.0.113.200',
    });
    expect(right.statusCode).toBe(429);
    const off = await t.app.inject({
      method: 'POST',
      url: '/api/auth/2fa/disable',
      headers: bearer(seller.token),
      payload: { password: seller.password, code: codeAt(secret) },
      remoteAddress: '203.0.113.201',
    });
    expect(off.statusCode).toBe(429);
    const failed = (await activityOf(seller.token)).filter(
      (type) => type === 'two_factor_code_failed',
    );
    expect(failed).toHaveLength(10);
  });

  it('a right code gives its attempt back', async () => {
    const { seller, secret } = await enrolled();
    for (let i = 0; i < 12; i += 1) {
      const renewed = await post('/api/auth/2fa/recovery-codes', seller.token, {
        code: codeAt(secret),
      });
      expect(renewed.statusCode, renewed.body).toBe(200);
      nextStep();
    }
    expect(await activityOf(seller.token)).not.toContain('two_factor_code_failed');
  });
});

describe('what ends the other ways in', () => {
  it('a password change ends the sign-ins waiting for their code', async () => {
    const { seller, secret } = await enrolled();
    const { challenge } = (await login(seller)).json<{ challenge: string }>();
    const changed = await post('/api/auth/change-password', seller.token, {
      currentPassword: seller.password,
      newPassword: 'a-brand-new-passphrase',
    });
    expect(changed.statusCode).toBe(200);
    const finished = await post('/api/auth/login/2fa', undefined, {
      challenge,
      code: codeAt(secret),
    });
    expect(finished.json()).toMatchObject({ code: 'two_factor_challenge_invalid' });
  });

  it('turning two factors off signs the other sessions out and ends every pending link and sign-in', async () => {
    const { seller, secret } = await enrolled();
    const sellerId = await sellerIdOf(seller);
    // Another device, signed in with both factors.
    const { challenge: first } = (await login(seller)).json<{ challenge: string }>();
    const other = await post('/api/auth/login/2fa', undefined, {
      challenge: first,
      code: codeAt(secret),
    });
    nextStep();
    const otherToken = other.json<{ token: string }>().token;
    // A sign-in waiting for its code, an email change link and a reset link.
    const { challenge: waiting } = (await login(seller)).json<{ challenge: string }>();
    const asked = await post('/api/auth/email-change', seller.token, {
      newEmail: `moved-${seller.nickname}@example.com`,
      password: seller.password,
      code: codeAt(secret),
    });
    expect(asked.statusCode, asked.body).toBe(202);
    nextStep();
    expect(
      (await post('/api/auth/forgot-password', undefined, { email: seller.email })).statusCode,
    ).toBe(202);
    await t.app.jobQueue.runDue();
    await vi.waitFor(
      async () => {
        const links = await t.database.db
          .select()
          .from(passwordResetTokens)
          .where(eq(passwordResetTokens.sellerId, sellerId));
        expect(links).toHaveLength(1);
      },
      { timeout: 10_000 },
    );

    const off = await post('/api/auth/2fa/disable', seller.token, {
      password: seller.password,
      code: codeAt(secret),
    });
    expect(off.statusCode, off.body).toBe(204);
    nextStep();

    const profile = (token: string) =>
      t.app.inject({ url: '/api/auth/profile', headers: bearer(token) });
    expect((await profile(seller.token)).statusCode).toBe(200);
    expect((await profile(otherToken)).statusCode).toBe(401);
    const resetLinks = await t.database.db
      .select()
      .from(passwordResetTokens)
      .where(eq(passwordResetTokens.sellerId, sellerId));
    expect(resetLinks.every((link) => link.endedAt !== null)).toBe(true);
    const emailLinks = await t.database.db
      .select()
      .from(emailChangeTokens)
      .where(eq(emailChangeTokens.sellerId, sellerId));
    expect(emailLinks).toHaveLength(1);
    expect(emailLinks.every((link) => link.usedAt !== null)).toBe(true);

    // Turned on again with a new secret: the sign-in begun before stays ended.
    const setup = await post('/api/auth/2fa/setup', seller.token);
    const fresh = setup.json<{ secret: string }>().secret;
    expect(
      (await post('/api/auth/2fa/enable', seller.token, { code: codeAt(fresh) })).statusCode,
    ).toBe(200);
    nextStep();
    const finished = await post('/api/auth/login/2fa', undefined, {
      challenge: waiting,
      code: codeAt(fresh),
    });
    expect(finished.json()).toMatchObject({ code: 'two_factor_challenge_invalid' });
  });
});
