import type { ActivityResponse } from '@seller/contract/auth/get-activity';
import { and, eq, isNotNull } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { emailChangeTokens, jobs } from '../../db/schema.ts';
import { authenticator } from '../../test/authenticator.ts';
import { bearer, signUpSeller, type TestSeller } from '../../test/sellers.ts';
import { type ReceivedMail, type SmtpPeer, startSmtpPeer } from '../../test/smtp-peer.ts';
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
  });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});
beforeEach(() => {
  smtp.received.length = 0;
});
afterEach(() => {
  smtp.accept();
});

const post = (url: string, payload: object, token?: string) =>
  t.app.inject({
    method: 'POST',
    url,
    payload,
    ...(token ? { headers: bearer(token) } : {}),
  });

const login = (email: string, password: string) => post('/api/auth/login', { email, password });

const tokenOf = (text: string) => /confirm-email\?token=([\w-]+)/.exec(text)?.[1] ?? '';

const newAddress = () => `moved-${Math.random().toString(36).slice(2, 10)}@example.com`;

/** Asks for the change and answers the link mailed to the new address. */
async function requestChange(seller: TestSeller, newEmail: string): Promise<string> {
  const asked = await post(
    '/api/auth/email-change',
    { newEmail, password: seller.password },
    seller.token,
  );
  expect(asked.statusCode).toBe(202);
  const mails = await smtp.waitFor(2);
  const link = mails.find((mail) => mail.to.includes(newEmail));
  return tokenOf(link?.text ?? '');
}

describe('email change', () => {
  it('mails a link to the new address and a notice to the old; the link moves the account', async () => {
    const seller = await signUpSeller(t.app);
    const newEmail = newAddress();
    const asked = await post(
      '/api/auth/email-change',
      { newEmail: newEmail.toUpperCase(), password: seller.password },
      seller.token,
    );
    expect(asked.statusCode).toBe(202);
    expect(asked.json()).toEqual({ accepted: true });

    const mails = await smtp.waitFor(2);
    const link = mails.find((mail) => mail.to.includes(newEmail));
    const notice = mails.find((mail) => mail.to.includes(seller.email));
    expect(link?.subject).toBe('Confirm your new Seller Center email address');
    expect(link?.text).toContain(`${publicUrl}/confirm-email?token=`);
    expect(notice?.subject).toBe('Your Seller Center email address is about to change');
    expect(notice?.text).toContain(newEmail);
    expect(notice?.text).not.toContain('confirm-email');
    const token = tokenOf(link?.text ?? '');
    expect(JSON.stringify(await t.database.db.select().from(emailChangeTokens))).not.toContain(
      token,
    );

    // Nothing changes before the link is opened.
    expect((await login(seller.email, seller.password)).statusCode).toBe(200);

    const confirmed = await post('/api/auth/email-change/confirm', { token });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toEqual({ email: newEmail });

    expect((await login(seller.email, seller.password)).statusCode).toBe(401);
    const relogin = await login(newEmail, seller.password);
    expect(relogin.statusCode).toBe(200);
    const { token: signedIn } = relogin.json<{ token: string }>();
    // The change is in the activity.
    const activity = await t.app.inject({
      url: '/api/auth/activity',
      headers: bearer(signedIn),
    });
    expect(activity.statusCode).toBe(200);
    expect(activity.json<ActivityResponse>().events.map((event) => event.type)).toContain(
      'email_changed',
    );
    const profile = await t.app.inject({ url: '/api/auth/profile', headers: bearer(signedIn) });
    expect(profile.json()).toMatchObject({ email: newEmail });

    const again = await post('/api/auth/email-change/confirm', { token });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ code: 'email_change_token_invalid' });
  });

  it('refuses a wrong password with 400 and an address in use with 409, mailing nothing', async () => {
    const seller = await signUpSeller(t.app);
    const other = await signUpSeller(t.app);
    const wrong = await post(
      '/api/auth/email-change',
      { newEmail: newAddress(), password: 'not-the-password' },
      seller.token,
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ code: 'wrong_password' });
    for (const taken of [other.email, other.email.toUpperCase(), seller.email]) {
      const response = await post(
        '/api/auth/email-change',
        { newEmail: taken, password: seller.password },
        seller.token,
      );
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({ code: 'email_taken' });
    }
    const invalid = await post(
      '/api/auth/email-change',
      { newEmail: 'not an address', password: seller.password },
      seller.token,
    );
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json()).toMatchObject({ code: 'validation_failed' });
    await t.app.jobQueue.runDue();
    expect(smtp.received).toHaveLength(0);
  });

  it('only the newest link works, and an address taken meanwhile is 409', async () => {
    const seller = await signUpSeller(t.app);
    const first = await requestChange(seller, newAddress());
    smtp.received.length = 0;
    const contested = newAddress();
    const second = await requestChange(seller, contested);
    const replaced = await post('/api/auth/email-change/confirm', { token: first });
    expect(replaced.statusCode).toBe(400);
    expect(replaced.json()).toMatchObject({ code: 'email_change_token_invalid' });

    await signUpSeller(t.app, { email: contested });
    const taken = await post('/api/auth/email-change/confirm', { token: second });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ code: 'email_taken' });
    expect((await login(seller.email, seller.password)).statusCode).toBe(200);

    const madeUp = await post('/api/auth/email-change/confirm', { token: 'x'.repeat(43) });
    expect(madeUp.statusCode).toBe(400);
    expect(madeUp.json()).toMatchObject({ code: 'email_change_token_invalid' });
  });

  it('asks for a current code when two-factor sign-in is on', async () => {
    const seller = await signUpSeller(t.app);
    const setup = await post('/api/auth/2fa/setup', {}, seller.token);
    const app = authenticator(setup.json<{ secret: string }>().secret);
    const enabled = await post(
      '/api/auth/2fa/enable',
      { code: await app.nextCode() },
      seller.token,
    );
    expect(enabled.statusCode).toBe(200);
    const newEmail = newAddress();
    const without = await post(
      '/api/auth/email-change',
      { newEmail, password: seller.password },
      seller.token,
    );
    expect(without.statusCode).toBe(400);
    expect(without.json()).toMatchObject({ code: 'two_factor_code_invalid' });
    const withCode = await post(
      '/api/auth/email-change',
      { newEmail, password: seller.password, code: await app.nextCode() },
      seller.token,
    );
    expect(withCode.statusCode).toBe(202);
    await smtp.waitFor(2);
  });

  it('signs every session out and ends the sign-ins waiting for a code once the account moves', async () => {
    const seller = await signUpSeller(t.app);
    const setup = await post('/api/auth/2fa/setup', {}, seller.token);
    const app = authenticator(setup.json<{ secret: string }>().secret);
    expect(
      (await post('/api/auth/2fa/enable', { code: await app.nextCode() }, seller.token)).statusCode,
    ).toBe(200);
    // Another device signed in, and a sign-in waiting for its code.
    const { challenge: first } = (await login(seller.email, seller.password)).json<{
      challenge: string;
    }>();
    const other = await post('/api/auth/login/2fa', {
      challenge: first,
      code: await app.nextCode(),
    });
    expect(other.statusCode).toBe(200);
    const { token: otherToken } = other.json<{ token: string }>();
    const { challenge: waiting } = (await login(seller.email, seller.password)).json<{
      challenge: string;
    }>();

    const newEmail = newAddress();
    const asked = await post(
      '/api/auth/email-change',
      { newEmail, password: seller.password, code: await app.nextCode() },
      seller.token,
    );
    expect(asked.statusCode).toBe(202);
    const link = await mailMatching(newEmail, /confirm-email\?token=/);
    // The notice too, so that no mail of this test arrives in the next one.
    await mailMatching(seller.email, new RegExp(newEmail));
    // Confirmed from a browser still signed in: the link is all the call carries.
    const confirmed = await post(
      '/api/auth/email-change/confirm',
      { token: tokenOf(link.text) },
      seller.token,
    );
    expect(confirmed.statusCode).toBe(200);

    for (const token of [seller.token, otherToken]) {
      const profile = await t.app.inject({ url: '/api/auth/profile', headers: bearer(token) });
      expect(profile.statusCode).toBe(401);
    }
    const finished = await post('/api/auth/login/2fa', { challenge: waiting, code: '000000' });
    expect(finished.json()).toMatchObject({ code: 'two_factor_challenge_invalid' });
    const again = await login(newEmail, seller.password);
    expect(again.json()).toMatchObject({ twoFactorRequired: true });
  });

  it('writes both mails in the seller language', async () => {
    const seller = await signUpSeller(t.app);
    const language = await t.app.inject({
      method: 'PUT',
      url: '/api/auth/language',
      headers: bearer(seller.token),
      payload: { language: 'ko' },
    });
    expect(language.statusCode).toBe(204);
    await requestChange(seller, newAddress());
    expect(smtp.received.map((mail) => mail.subject).sort()).toEqual([
      'Seller Center 새 이메일 주소를 확인하세요',
      'Seller Center 이메일 주소가 곧 변경됩니다',
    ]);
  });
});

const resetTokenOf = (text: string) => /reset-password\?token=([\w-]+)/.exec(text)?.[1] ?? '';

/**
 * The first mail to `address` whose text matches, once it has come (mail of an earlier test
 * may still be arriving, so the count alone tells nothing).
 */
async function mailMatching(address: string, pattern: RegExp): Promise<ReceivedMail> {
  for (let count = 1; ; count += 1) {
    const mails = await smtp.waitFor(count);
    const found = mails.find((mail) => mail.to.includes(address) && pattern.test(mail.text));
    if (found) return found;
  }
}

/** Waits until a job of `kind` has failed an attempt and waits for its retry. */
async function untilFailedAttempt(kind: string): Promise<void> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const failed = await t.database.db
      .select({ id: jobs.id })
      .from(jobs)
      .where(and(eq(jobs.kind, kind), eq(jobs.state, 'queued'), isNotNull(jobs.lastError)));
    if (failed.length > 0) return;
    if (Date.now() > deadline) throw new Error(`no ${kind} job failed an attempt`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Asks for a reset link of `email` and answers the one mailed. */
async function resetLink(email: string): Promise<string> {
  const asked = await post('/api/auth/forgot-password', { email });
  expect(asked.statusCode).toBe(202);
  return resetTokenOf((await mailMatching(email, /reset-password\?token=/)).text);
}

async function activityTypes(token: string): Promise<string[]> {
  const response = await t.app.inject({ url: '/api/auth/activity', headers: bearer(token) });
  return response.json<ActivityResponse>().events.map((event) => event.type);
}

describe('email change links and the password', () => {
  it("a password change ends every pending link: the notice's remedy works", async () => {
    const seller = await signUpSeller(t.app);
    const link = await requestChange(seller, newAddress());
    const changed = await post(
      '/api/auth/change-password',
      { currentPassword: seller.password, newPassword: 'a-brand-new-passphrase' },
      seller.token,
    );
    expect(changed.statusCode).toBe(200);
    const confirmed = await post('/api/auth/email-change/confirm', { token: link });
    expect(confirmed.statusCode).toBe(400);
    expect(confirmed.json()).toMatchObject({ code: 'email_change_token_invalid' });
    expect((await login(seller.email, 'a-brand-new-passphrase')).statusCode).toBe(200);
  });

  it('a password reset ends every pending link', async () => {
    const seller = await signUpSeller(t.app);
    const link = await requestChange(seller, newAddress());
    const reset = await post('/api/auth/reset-password', {
      token: await resetLink(seller.email),
      newPassword: 'a-brand-new-passphrase',
    });
    expect(reset.statusCode, reset.body).toBe(204);
    const confirmed = await post('/api/auth/email-change/confirm', { token: link });
    expect(confirmed.statusCode).toBe(400);
    expect(confirmed.json()).toMatchObject({ code: 'email_change_token_invalid' });
    expect((await login(seller.email, 'a-brand-new-passphrase')).statusCode).toBe(200);
  });

  it('a move ends the reset links mailed to the address it leaves', async () => {
    const seller = await signUpSeller(t.app);
    const reset = await resetLink(seller.email);
    smtp.received.length = 0;
    const newEmail = newAddress();
    const link = await requestChange(seller, newEmail);
    expect((await post('/api/auth/email-change/confirm', { token: link })).statusCode).toBe(200);
    const used = await post('/api/auth/reset-password', {
      token: reset,
      newPassword: 'a-brand-new-passphrase',
    });
    expect(used.statusCode).toBe(400);
    expect(used.json()).toMatchObject({ code: 'reset_token_invalid' });
    expect((await login(newEmail, seller.password)).statusCode).toBe(200);
  });

  it('a retried mail job sends the link it already mailed, which still works', async () => {
    const seller = await signUpSeller(t.app);
    const newEmail = newAddress();
    // The link goes out, then the server fails before the notice: the job is retried.
    smtp.refuseAfter(1);
    const asked = await post(
      '/api/auth/email-change',
      { newEmail, password: seller.password },
      seller.token,
    );
    expect(asked.statusCode).toBe(202);
    const first = tokenOf((await mailMatching(newEmail, /confirm-email\?token=/)).text);
    await t.app.jobQueue.runDue();
    // The attempt goes on after the link (the notice, refused): the mail server accepts again
    // only once that attempt has failed, or it would finish and never be retried.
    await untilFailedAttempt('email-change');
    smtp.accept();
    smtp.received.length = 0;
    await t.database.db
      .update(jobs)
      .set({ runAt: new Date() })
      .where(and(eq(jobs.kind, 'email-change'), eq(jobs.state, 'queued')));
    await t.app.jobQueue.runDue();
    const again = tokenOf((await mailMatching(newEmail, /confirm-email\?token=/)).text);
    expect(again).toBe(first);
    await mailMatching(seller.email, new RegExp(newEmail));
    const confirmed = await post('/api/auth/email-change/confirm', { token: first });
    expect(confirmed.statusCode).toBe(200);
  });

  it('writes the request to the activity', async () => {
    const seller = await signUpSeller(t.app);
    await requestChange(seller, newAddress());
    expect(await activityTypes(seller.token)).toContain('email_change_requested');
  });
});
