import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { jobs, passwordResetTokens } from '../../db/schema.ts';
import { authenticator } from '../../test/authenticator.ts';
import { bearer, signUpSeller, type TestSeller } from '../../test/sellers.ts';
import { type SmtpPeer, startSmtpPeer } from '../../test/smtp-peer.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let smtp: SmtpPeer;
const publicUrl = 'https://seller.example.com';

beforeAll(async () => {
  smtp = await startSmtpPeer();
  t = await createTestApp({
    SMTP_URL: smtp.url,
    MAIL_FROM: 'Seller Center <no-reply@seller.example.com>',
    PUBLIC_URL: publicUrl,
    RATE_LIMIT_PASSWORD_RESET_PER_HOUR: '3',
  });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});
beforeEach(() => {
  smtp.received.length = 0;
});

let address = 10;
/** A client address of its own for each request group, so throttling tests stay apart. */
const nextIp = () => `198.51.100.${address++}`;

function forgot(email: string, headers: Record<string, string> = {}) {
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/forgot-password',
    headers: { 'x-forwarded-for': nextIp(), ...headers },
    remoteAddress: nextIp(),
    payload: { email },
  });
}

function reset(token: string, newPassword: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/reset-password',
    remoteAddress: nextIp(),
    payload: { token, newPassword },
  });
}

function login(seller: Pick<TestSeller, 'email'>, password: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    remoteAddress: nextIp(),
    payload: { email: seller.email, password },
  });
}

const tokenOf = (text: string) => /reset-password\?token=([\w-]+)/.exec(text)?.[1] ?? '';

/** The reset link mailed to `email`, once it has come (mail of earlier tests may still come). */
const linkMailedTo = (email: string) =>
  vi.waitFor(
    () => {
      const mail = smtp.received.find((each) => each.to.includes(email) && tokenOf(each.text));
      if (!mail) throw new Error(`no reset link mailed to ${email} yet`);
      return tokenOf(mail.text);
    },
    { timeout: 10_000 },
  );

describe('forgotten passwords', () => {
  it('answers the same for an unknown address and queues the same work; mails only a real account', async () => {
    const seller = await signUpSeller(t.app);
    const known = await forgot(seller.email);
    const unknown = await forgot(`nobody-${Date.now()}@example.com`);
    expect(known.statusCode).toBe(202);
    expect(unknown.statusCode).toBe(202);
    expect(unknown.body).toBe(known.body);
    expect(known.json()).toEqual({ accepted: true });
    // Both requests did one insert of one job: the look-up happens later, in the worker.
    const queued = await t.database.db
      .select({ payload: jobs.payload })
      .from(jobs)
      .where(eq(jobs.kind, 'password-reset'));
    expect(queued.map((job) => job.payload)).toEqual(
      expect.arrayContaining([{ email: seller.email }]),
    );
    const [mail] = await smtp.waitFor(1);
    // Both jobs have run: the unknown address got nothing.
    await t.app.jobQueue.runDue();
    expect(smtp.received).toHaveLength(1);
    expect(mail?.to).toEqual([seller.email]);
    expect(mail?.subject).toBe('Reset your Seller Center password');
    expect(mail?.text).toContain(`${publicUrl}/reset-password?token=`);
    expect(mail?.html).toContain(`href="${publicUrl}/reset-password?token=`);
  });

  it('builds the link from PUBLIC_URL, never from the request Host or Origin', async () => {
    const seller = await signUpSeller(t.app);
    await forgot(seller.email, { host: 'evil.example', origin: 'https://evil.example' });
    const [mail] = await smtp.waitFor(1);
    expect(mail?.text).not.toContain('evil.example');
    expect(mail?.text).toContain(publicUrl);
  });

  it('resets once with a random token kept only as a hash, signs every session out and mails a notice', async () => {
    const seller = await signUpSeller(t.app);
    await forgot(seller.email);
    const [mail] = await smtp.waitFor(1);
    const token = tokenOf(mail?.text ?? '');
    expect(Buffer.from(token, 'base64url').length).toBeGreaterThanOrEqual(16);
    const stored = await t.database.db.select().from(passwordResetTokens);
    expect(JSON.stringify(stored)).not.toContain(token);

    const done = await reset(token, 'Fresh-Lemon-Tree-42');
    expect(done.statusCode).toBe(204);
    // The old session is gone; the new password works; the link works once.
    const profile = await t.app.inject({ url: '/api/auth/profile', headers: bearer(seller.token) });
    expect(profile.statusCode).toBe(401);
    expect((await login(seller, 'Fresh-Lemon-Tree-42')).statusCode).toBe(200);
    expect((await login(seller, seller.password)).statusCode).toBe(401);
    const again = await reset(token, 'Another-Plum-Tree-43');
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ code: 'reset_token_invalid' });

    const [, notice] = await smtp.waitFor(2);
    expect(notice?.subject).toBe('Your Seller Center password was changed');
    expect(notice?.to).toEqual([seller.email]);
  });

  it('refuses a made-up, an expired and a replaced link, and a common password', async () => {
    const seller = await signUpSeller(t.app);
    expect((await reset('made-up-token', 'Fresh-Lemon-Tree-42')).json()).toMatchObject({
      code: 'reset_token_invalid',
    });

    await forgot(seller.email);
    const first = tokenOf((await smtp.waitFor(1))[0]?.text ?? '');
    await forgot(seller.email);
    const second = tokenOf((await smtp.waitFor(2))[1]?.text ?? '');
    expect(second).not.toBe(first);
    expect((await reset(first, 'Fresh-Lemon-Tree-42')).json()).toMatchObject({
      code: 'reset_token_invalid',
    });

    const common = await reset(second, 'password123');
    expect(common.statusCode).toBe(400);
    expect(common.json()).toMatchObject({ code: 'password_too_common' });

    // An hour later the link has expired (and the refused password did not use it up).
    await t.database.db
      .update(passwordResetTokens)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(sql`${passwordResetTokens.endedAt} is null`);
    expect((await reset(second, 'Fresh-Lemon-Tree-42')).json()).toMatchObject({
      code: 'reset_token_invalid',
    });
    expect((await login(seller, seller.password)).statusCode).toBe(200);
  });

  it('throttles requests per account, whether or not it exists', async () => {
    for (const email of [`ghost-${Date.now()}@example.com`, (await signUpSeller(t.app)).email]) {
      const answers = [];
      for (let i = 0; i < 4; i++) answers.push((await forgot(email)).statusCode);
      expect(answers).toEqual([202, 202, 202, 429]);
    }
    // Only the real account's three links were mailed.
    await smtp.waitFor(3);
  });

  it('throttles requests per client address', async () => {
    const ip = '203.0.113.77';
    const answers = [];
    for (let i = 0; i < 13; i++) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/auth/forgot-password',
        remoteAddress: ip,
        payload: { email: `someone-${i}-${Date.now()}@example.com` },
      });
      answers.push(response.statusCode);
    }
    expect(answers.slice(0, 12).every((status) => status === 202)).toBe(true);
    expect(answers[12]).toBe(429);
  });

  it('a password changed on the profile mails the notice too, in the seller language', async () => {
    const seller = await signUpSeller(t.app);
    const language = await t.app.inject({
      method: 'PUT',
      url: '/api/auth/language',
      headers: bearer(seller.token),
      payload: { language: 'ko' },
    });
    expect(language.statusCode).toBe(204);
    const changed = await t.app.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      headers: bearer(seller.token),
      payload: { currentPassword: seller.password, newPassword: 'Quiet-Harbor-Lamp-88' },
    });
    expect(changed.statusCode).toBe(200);
    const [notice] = await smtp.waitFor(1);
    expect(notice?.subject).toBe('셀러 센터 비밀번호가 변경되었습니다');
    expect(notice?.text).toContain(`${publicUrl}/forgot-password`);
  });

  it('a password changed on the profile ends the reset links mailed before', async () => {
    const seller = await signUpSeller(t.app);
    await forgot(seller.email);
    const token = await linkMailedTo(seller.email);
    const changed = await t.app.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      headers: bearer(seller.token),
      payload: { currentPassword: seller.password, newPassword: 'Quiet-Harbor-Lamp-88' },
    });
    expect(changed.statusCode).toBe(200);
    const used = await reset(token, 'Fresh-Lemon-Tree-42');
    expect(used.statusCode).toBe(400);
    expect(used.json()).toMatchObject({ code: 'reset_token_invalid' });
    expect((await login(seller, 'Quiet-Harbor-Lamp-88')).statusCode).toBe(200);
  });

  it('a reset ends the sign-ins waiting for their code', async () => {
    const seller = await signUpSeller(t.app);
    const setup = await t.app.inject({
      method: 'POST',
      url: '/api/auth/2fa/setup',
      headers: bearer(seller.token),
    });
    const app = authenticator(setup.json<{ secret: string }>().secret);
    const enabled = await t.app.inject({
      method: 'POST',
      url: '/api/auth/2fa/enable',
      headers: bearer(seller.token),
      payload: { code: await app.nextCode() },
    });
    expect(enabled.statusCode).toBe(200);
    // Someone who knew the old password is at the code step.
    const started = await login(seller, seller.password);
    const { challenge } = started.json<{ challenge: string }>();
    expect(challenge).toBeTruthy();

    await forgot(seller.email);
    const token = await linkMailedTo(seller.email);
    expect((await reset(token, 'Fresh-Lemon-Tree-42')).statusCode).toBe(204);
    const finished = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login/2fa',
      remoteAddress: nextIp(),
      payload: { challenge, code: await app.nextCode() },
    });
    expect(finished.statusCode).toBe(400);
    expect(finished.json()).toMatchObject({ code: 'two_factor_challenge_invalid' });
  });
});
