import { eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sellers } from '../../db/schema.ts';
import { bearer, signUpSeller } from '../../test/sellers.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, headers });

function decodeClaims(token: string): Record<string, unknown> {
  const middle = token.split('.')[1] ?? '';
  return JSON.parse(Buffer.from(middle, 'base64url').toString('utf8'));
}

describe('POST /api/auth/signup', () => {
  it('creates a seller and returns a three-part token with exp in seconds', async () => {
    const before = Math.floor(Date.now() / 1000);
    const response = await post('/api/auth/signup', {
      email: 'New.Seller@Example.com',
      nickname: 'newseller1',
      password: 'gr8-pass',
    });
    expect(response.statusCode).toBe(201);
    const { token } = response.json<{ token: string }>();
    expect(token.split('.')).toHaveLength(3);
    const claims = decodeClaims(token);
    expect(typeof claims.sub).toBe('string');
    expect(claims.exp).toBeGreaterThan(before + 60);
    expect(claims.exp).toBeLessThan(before + 60 * 60 * 24 * 365);
    const profile = await t.app.inject({ url: '/api/auth/profile', headers: bearer(token) });
    expect(profile.json()).toMatchObject({
      email: 'new.seller@example.com',
      nickname: 'newseller1',
      bio: null,
      avatarUrl: null,
    });
  });

  it('refuses a duplicate email whatever its case with 409 email_taken', async () => {
    const first = await signUpSeller(t.app);
    const response = await post('/api/auth/signup', {
      email: first.email.toUpperCase(),
      nickname: 'othernick1',
      password: 'gr8-pass',
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: 'email_taken' });
  });

  it('refuses a duplicate nickname with 409 nickname_taken', async () => {
    const first = await signUpSeller(t.app);
    const response = await post('/api/auth/signup', {
      email: 'another@example.com',
      nickname: first.nickname,
      password: 'gr8-pass',
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: 'nickname_taken' });
  });

  it('stores one seller when the same signup races', async () => {
    const payload = { email: 'race@example.com', nickname: 'racer', password: 'gr8-pass' };
    const responses = await Promise.all([1, 2, 3].map(() => post('/api/auth/signup', payload)));
    const statuses = responses.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([201, 409, 409]);
  });

  it.each([
    ['nickname with capitals', { nickname: 'Seller1' }, 'nickname', 'nicknameOnlyLowercase'],
    ['nickname with symbols', { nickname: 'sel-ler' }, 'nickname', 'nicknameOnlyLowercase'],
    ['nickname too short', { nickname: 'ab' }, 'nickname', 'nicknameLength'],
    ['nickname too long', { nickname: 'a'.repeat(21) }, 'nickname', 'nicknameLength'],
    ['nickname empty', { nickname: '' }, 'nickname', 'nicknameRequired'],
    ['email malformed', { email: 'not-an-email' }, 'email', 'emailInvalid'],
    ['email empty', { email: '  ' }, 'email', 'emailRequired'],
    ['password too short', { password: 'ab1de' }, 'password', 'passwordMin'],
    ['password too long', { password: `a1${'x'.repeat(127)}` }, 'password', 'passwordMax'],
    ['password missing', { password: undefined }, 'password', 'passwordRequired'],
    ['password not a string', { password: 123456 }, 'password', 'passwordRequired'],
  ])('refuses %s with 400 and the message key', async (_name, change, field, key) => {
    const payload = { email: 'valid@example.com', nickname: 'validnick', password: 'gr8-pass' };
    const response = await post('/api/auth/signup', { ...payload, ...change });
    expect(response.statusCode).toBe(400);
    const body = response.json<{ code: string; details: { path: string; code: string }[] }>();
    expect(body.code).toBe('validation_failed');
    expect(body.details).toContainEqual(expect.objectContaining({ path: field, code: key }));
  });

  it('accepts nicknames of exactly 3 and 20 characters and a 128-character password', async () => {
    for (const nickname of ['abc', 'a'.repeat(20)]) {
      const response = await post('/api/auth/signup', {
        email: `${nickname}@example.com`,
        nickname,
        password: `a1${'x'.repeat(126)}`,
      });
      expect(response.statusCode).toBe(201);
    }
  });

  it.each([
    ['a common password', 'password1'],
    ['a common password in capitals', 'QWERTY123'],
    ['the nickname itself', 'mynick99'],
  ])('refuses %s', async (_name, password) => {
    const response = await post('/api/auth/signup', {
      email: 'common@example.com',
      nickname: 'mynick99',
      password,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'password_too_common' });
  });

  it('never stores fields the contract does not name', async () => {
    const response = await post('/api/auth/signup', {
      email: 'extra@example.com',
      nickname: 'extrafields',
      password: 'gr8-pass',
      id: '00000000-0000-0000-0000-000000000000',
      tokenVersion: 99,
      bio: 'injected',
      avatarUrl: 'https://evil.example/x.png',
      passwordHash: 'x',
    });
    expect(response.statusCode).toBe(201);
    const rows = await t.database.db.select().from(sellers);
    const row = rows.find((r) => r.email === 'extra@example.com');
    expect(row).toMatchObject({ bio: null, avatarUrl: null, tokenVersion: 0 });
    expect(row?.id).not.toBe('00000000-0000-0000-0000-000000000000');
    expect(row?.passwordHash.startsWith('scrypt$')).toBe(true);
  });
});

describe('POST /api/auth/login', () => {
  it('signs in with the right password, whatever the email case', async () => {
    const seller = await signUpSeller(t.app);
    const response = await post('/api/auth/login', {
      email: seller.email.toUpperCase(),
      password: seller.password,
    });
    expect(response.statusCode).toBe(200);
    const { token } = response.json<{ token: string }>();
    const profile = await t.app.inject({ url: '/api/auth/profile', headers: bearer(token) });
    expect(profile.statusCode).toBe(200);
  });

  it('answers an unknown email exactly like a wrong password', async () => {
    const seller = await signUpSeller(t.app);
    const wrong = await post('/api/auth/login', { email: seller.email, password: 'nope-nope' });
    const unknown = await post('/api/auth/login', {
      email: 'nobody@example.com',
      password: 'nope-nope',
    });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(unknown.body).toBe(wrong.body);
    expect(wrong.json()).toMatchObject({ code: 'invalid_credentials' });
  });

  it('requires a well-formed email and a password', async () => {
    const response = await post('/api/auth/login', { email: 'bad', password: '' });
    expect(response.statusCode).toBe(400);
    expect(response.json().details).toEqual(
      expect.arrayContaining([
        {
          path: 'email',
          code: 'emailInvalid',
          message: 'Please enter a valid email address.',
        },
        { path: 'password', code: 'passwordRequired', message: 'Please enter your password.' },
      ]),
    );
  });
});

describe('tokens', () => {
  it('refuses requests without a token, with a malformed one or a foreign one', async () => {
    const seller = await signUpSeller(t.app);
    const claims = decodeClaims(seller.token);
    const foreign = await new SignJWT({ ver: 0 })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(claims.sub))
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('another-secret-another-secret-another'));
    const unsigned = `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${seller.token.split('.')[1]}.`;
    const expired = await new SignJWT({ ver: 0 })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(claims.sub))
      .setExpirationTime(Math.floor(Date.now() / 1000) - 10)
      .sign(new TextEncoder().encode(t.config.jwtSecret));
    const headers: Record<string, string>[] = [
      {},
      { authorization: 'Bearer' },
      { authorization: 'Bearer not.a.token' },
      { authorization: `Basic ${seller.token}` },
      bearer(foreign),
      bearer(unsigned),
      bearer(expired),
    ];
    for (const h of headers) {
      const response = await t.app.inject({ url: '/api/auth/profile', headers: h });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ code: 'unauthorized' });
    }
  });

  it('reads the scheme without regard to case, the token as it is', async () => {
    const seller = await signUpSeller(t.app);
    for (const scheme of ['bearer', 'BEARER', 'bEaReR']) {
      const response = await t.app.inject({
        url: '/api/auth/profile',
        headers: { authorization: `${scheme} ${seller.token}` },
      });
      expect(response.statusCode, scheme).toBe(200);
    }
    const [head = '', ...rest] = seller.token.split('.');
    const altered = [
      head.toLowerCase() === head ? head.toUpperCase() : head.toLowerCase(),
      ...rest,
    ];
    const response = await t.app.inject({
      url: '/api/auth/profile',
      headers: { authorization: `bearer ${altered.join('.')}` },
    });
    expect(response.statusCode).toBe(401);
  });

  it('logout revokes every token issued so far', async () => {
    const seller = await signUpSeller(t.app);
    const second = (
      await post('/api/auth/login', { email: seller.email, password: seller.password })
    ).json<{ token: string }>().token;
    const logout = await post('/api/auth/logout', undefined, bearer(seller.token));
    expect(logout.statusCode).toBe(204);
    for (const token of [seller.token, second]) {
      const response = await t.app.inject({ url: '/api/auth/profile', headers: bearer(token) });
      expect(response.statusCode).toBe(401);
    }
    const again = await post('/api/auth/login', { email: seller.email, password: seller.password });
    expect(again.statusCode).toBe(200);
  });
});

describe('profile', () => {
  const put = (token: string, payload: unknown) =>
    t.app.inject({
      method: 'PUT',
      url: '/api/auth/profile',
      headers: bearer(token),
      payload: payload as object,
    });

  it('returns the profile with an ISO creation date', async () => {
    const seller = await signUpSeller(t.app);
    const response = await t.app.inject({
      url: '/api/auth/profile',
      headers: bearer(seller.token),
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toEqual({
      email: seller.email,
      nickname: seller.nickname,
      bio: null,
      avatarUrl: null,
      createdAt: expect.any(String),
      twoFactorEnabled: false,
    });
    expect(Number.isNaN(Date.parse(body.createdAt))).toBe(false);
  });

  it('reads back exactly what an update answers: the fields set, and the creation time to the millisecond', async () => {
    const seller = await signUpSeller(t.app);
    const updated = await put(seller.token, { nickname: seller.nickname, bio: '판매자 소개 ✓' });
    expect(updated.statusCode).toBe(200);
    const read = await t.app.inject({ url: '/api/auth/profile', headers: bearer(seller.token) });
    expect(read.json()).toEqual(updated.json());
    const createdAt = await t.database.db
      .select({ createdAt: sellers.createdAt })
      .from(sellers)
      .where(eq(sellers.email, seller.email));
    expect(read.json().createdAt).toBe(createdAt[0]?.createdAt.toISOString());
    expect(read.json().bio).toBe('판매자 소개 ✓');
  });

  it('trims the bio, stores empty values as null and allows a null nickname', async () => {
    const seller = await signUpSeller(t.app);
    const trimmed = await put(seller.token, { nickname: seller.nickname, bio: '  hello  ' });
    expect(trimmed.json()).toMatchObject({ nickname: seller.nickname, bio: 'hello' });
    const emptied = await put(seller.token, { nickname: '', bio: '   ' });
    expect(emptied.statusCode).toBe(200);
    expect(emptied.json()).toMatchObject({ nickname: null, bio: null });
    const nulls = await put(seller.token, { nickname: null, bio: null });
    expect(nulls.json()).toMatchObject({ nickname: null, bio: null });
  });

  it('accepts a 500-character bio and refuses 501 with bioTooLong', async () => {
    const seller = await signUpSeller(t.app);
    expect((await put(seller.token, { nickname: null, bio: 'a'.repeat(500) })).statusCode).toBe(
      200,
    );
    const tooLong = await put(seller.token, { nickname: null, bio: 'a'.repeat(501) });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().details).toContainEqual(
      expect.objectContaining({ path: 'bio', code: 'bioTooLong' }),
    );
  });

  it('applies the nickname rules and refuses another seller nickname', async () => {
    const seller = await signUpSeller(t.app);
    const other = await signUpSeller(t.app);
    expect((await put(seller.token, { nickname: 'Bad Nick', bio: null })).statusCode).toBe(400);
    const taken = await put(seller.token, { nickname: other.nickname, bio: null });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ code: 'nickname_taken' });
    const own = await put(seller.token, { nickname: seller.nickname, bio: 'same nickname' });
    expect(own.statusCode).toBe(200);
  });

  it('ignores fields it does not know', async () => {
    const seller = await signUpSeller(t.app);
    const response = await put(seller.token, {
      nickname: seller.nickname,
      bio: null,
      email: 'hijack@example.com',
      avatarUrl: 'https://evil.example/a.png',
      tokenVersion: 5,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ email: seller.email, avatarUrl: null });
    const still = await t.app.inject({ url: '/api/auth/profile', headers: bearer(seller.token) });
    expect(still.statusCode).toBe(200);
  });
});

describe('POST /api/auth/change-password', () => {
  const change = (token: string, payload: unknown) =>
    post('/api/auth/change-password', payload, bearer(token));

  it('refuses a wrong current password with 400 wrong_password, not 401', async () => {
    const seller = await signUpSeller(t.app);
    const response = await change(seller.token, {
      currentPassword: 'not-my-password',
      newPassword: 'a-new-passphrase',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'wrong_password' });
  });

  it.each([
    ['shorter than 8', 'short1!', 'passwordTooShort'],
    ['longer than 128', `a1${'y'.repeat(127)}`, 'passwordMax'],
    ['missing', '', 'newPasswordRequired'],
  ])('refuses a new password %s', async (_name, newPassword, key) => {
    const seller = await signUpSeller(t.app);
    const response = await change(seller.token, { currentPassword: seller.password, newPassword });
    expect(response.statusCode).toBe(400);
    expect(response.json().details).toContainEqual(
      expect.objectContaining({ path: 'newPassword', code: key }),
    );
  });

  it('refuses a common new password', async () => {
    const seller = await signUpSeller(t.app);
    const response = await change(seller.token, {
      currentPassword: seller.password,
      newPassword: 'iloveyou',
    });
    expect(response.json()).toMatchObject({ code: 'password_too_common' });
  });

  it('changes the password, returns a new token and revokes the old ones', async () => {
    const seller = await signUpSeller(t.app);
    const response = await change(seller.token, {
      currentPassword: seller.password,
      newPassword: 'a-brand-new-passphrase',
    });
    expect(response.statusCode).toBe(200);
    const { token } = response.json<{ token: string }>();
    const withOld = await t.app.inject({ url: '/api/auth/profile', headers: bearer(seller.token) });
    expect(withOld.statusCode).toBe(401);
    const withNew = await t.app.inject({ url: '/api/auth/profile', headers: bearer(token) });
    expect(withNew.statusCode).toBe(200);
    const oldLogin = await post('/api/auth/login', {
      email: seller.email,
      password: seller.password,
    });
    expect(oldLogin.statusCode).toBe(401);
    const newLogin = await post('/api/auth/login', {
      email: seller.email,
      password: 'a-brand-new-passphrase',
    });
    expect(newLogin.statusCode).toBe(200);
  });
});
