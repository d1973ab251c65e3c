import type { ActivityResponse } from '@seller/contract/auth/get-activity';
import type { SessionsResponse } from '@seller/contract/auth/get-sessions';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { securityEvents, sellerSessions } from '../../db/schema.ts';
import { mintToken, sellerIdOf } from '../../test/seller-fixtures.ts';
import { bearer, signUpSeller, type TestSeller } from '../../test/sellers.ts';
import { createSiblingApp, createTestApp, type TestApp } from '../../test/test-app.ts';

const chromeOnMac =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const firefoxOnWindows =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';

let t: TestApp;
/** The app's clock runs with the real one, this far ahead. */
let aheadMs = 0;

beforeAll(async () => {
  t = await createTestApp({}, { clock: () => new Date(Date.now() + aheadMs) });
});
afterAll(async () => {
  await t.close();
});

async function signIn(seller: TestSeller, userAgent: string, ip: string): Promise<string> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    remoteAddress: ip,
    headers: { 'user-agent': userAgent },
    payload: { email: seller.email, password: seller.password },
  });
  expect(response.statusCode).toBe(200);
  return response.json<{ token: string }>().token;
}

const call = (method: 'GET' | 'POST' | 'DELETE', url: string, token: string) =>
  t.app.inject({ method, url, headers: bearer(token) });

async function sessionsOf(token: string) {
  const response = await call('GET', '/api/auth/sessions', token);
  expect(response.statusCode).toBe(200);
  return response.json<SessionsResponse>().sessions;
}

async function activityOf(token: string, query = '') {
  const response = await call('GET', `/api/auth/activity${query}`, token);
  expect(response.statusCode).toBe(200);
  return response.json<ActivityResponse>();
}

const sessionIdOf = (token: string) =>
  JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')).sid as string;

describe('sessions', () => {
  it('signs one sign-in out from another: its next call is 401 here, and on every copy once told', async () => {
    const seller = await signUpSeller(t.app);
    const laptop = await signIn(seller, chromeOnMac, '203.0.113.10');
    const desktop = await signIn(seller, firefoxOnWindows, '203.0.113.20');
    const sibling = await createSiblingApp(t, { JWT_SECRET: t.config.jwtSecret });
    try {
      const profile = (token: string) =>
        sibling.inject({ url: '/api/auth/profile', headers: bearer(token) });
      expect((await profile(desktop)).statusCode).toBe(200);

      const listed = await sessionsOf(laptop);
      expect(listed).toHaveLength(3);
      const desktopSession = listed.find((session) => session.id === sessionIdOf(desktop));
      expect(desktopSession).toMatchObject({
        browser: 'Firefox 133',
        os: 'Windows 10',
        ip: '203.0.113.20',
        current: false,
      });
      expect(listed.filter((session) => session.current).map((session) => session.id)).toEqual([
        sessionIdOf(laptop),
      ]);

      const revoked = await call('DELETE', `/api/auth/sessions/${sessionIdOf(desktop)}`, laptop);
      expect(revoked.statusCode).toBe(204);
      // The copy that signed it out refuses at once; another copy as soon as the database's
      // notice of the change reaches it, a moment after the commit (decision 048).
      expect((await call('GET', '/api/auth/profile', desktop)).statusCode).toBe(401);
      await expect
        .poll(async () => (await profile(desktop)).statusCode, { timeout: 1000, interval: 10 })
        .toBe(401);
      const after = await profile(desktop);
      expect(after.statusCode).toBe(401);
      expect(after.headers['www-authenticate']).toContain('invalid_token');
      expect((await profile(laptop)).statusCode).toBe(200);
      expect((await sessionsOf(laptop)).map((session) => session.id)).not.toContain(
        sessionIdOf(desktop),
      );

      // Newest first: the revocation, then both sign-ins and the signup's own.
      const { events, pagination } = await activityOf(laptop);
      expect(events.map((event) => event.type)).toEqual([
        'session_revoked',
        'login',
        'login',
        'login',
      ]);
      expect(events[1]).toMatchObject({ browser: 'Firefox 133', os: 'Windows 10' });
      expect(events[2]).toMatchObject({ browser: 'Chrome 131', os: 'macOS', ip: '203.0.113.10' });
      expect(pagination).toEqual({ total: 4, page: 1, limit: 20, totalPages: 1 });
    } finally {
      await sibling.close();
    }
  });

  it("answers another seller's session exactly like a missing one (404)", async () => {
    const owner = await signUpSeller(t.app);
    const other = await signUpSeller(t.app);
    const theirs = await call(
      'DELETE',
      `/api/auth/sessions/${sessionIdOf(owner.token)}`,
      other.token,
    );
    const missing = await call(
      'DELETE',
      '/api/auth/sessions/6f1c2f4e-1111-4222-8333-944455556666',
      other.token,
    );
    const malformed = await call('DELETE', '/api/auth/sessions/not-a-session', other.token);
    for (const response of [theirs, missing, malformed]) {
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ code: 'not_found' });
    }
    expect((await call('GET', '/api/auth/profile', owner.token)).statusCode).toBe(200);
    // Signing out a session already signed out changes nothing more.
    const first = await call(
      'DELETE',
      `/api/auth/sessions/${sessionIdOf(owner.token)}`,
      owner.token,
    );
    expect(first.statusCode).toBe(204);
    const fresh = await signIn(owner, chromeOnMac, '203.0.113.30');
    const again = await call('DELETE', `/api/auth/sessions/${sessionIdOf(owner.token)}`, fresh);
    expect(again.statusCode).toBe(204);
    const revocations = (await activityOf(fresh)).events.filter(
      (event) => event.type === 'session_revoked',
    );
    expect(revocations).toHaveLength(1);
  });

  it('signs out every other session and keeps this one', async () => {
    const seller = await signUpSeller(t.app);
    const phone = await signIn(seller, chromeOnMac, '203.0.113.40');
    const kept = await signIn(seller, firefoxOnWindows, '203.0.113.41');
    const done = await call('POST', '/api/auth/sessions/revoke-others', kept);
    expect(done.statusCode).toBe(204);
    expect((await call('GET', '/api/auth/profile', phone)).statusCode).toBe(401);
    expect((await call('GET', '/api/auth/profile', seller.token)).statusCode).toBe(401);
    expect(await sessionsOf(kept)).toEqual([
      expect.objectContaining({ id: sessionIdOf(kept), current: true }),
    ]);
  });

  it('moves the last use at most once a minute', async () => {
    const seller = await signUpSeller(t.app);
    const id = sessionIdOf(seller.token);
    const lastUsed = async () => {
      const [row] = await t.database.db
        .select({ at: sellerSessions.lastUsedAt })
        .from(sellerSessions)
        .where(eq(sellerSessions.id, id));
      return row?.at.toISOString();
    };
    const signedUpAt = (await lastUsed()) ?? '';
    try {
      aheadMs = 30_000;
      await call('GET', '/api/auth/profile', seller.token);
      expect(await lastUsed()).toBe(signedUpAt);
      aheadMs = 61_000;
      await call('GET', '/api/auth/profile', seller.token);
      const moved = Date.parse((await lastUsed()) ?? '');
      expect(moved - Date.parse(signedUpAt)).toBeGreaterThanOrEqual(61_000);
    } finally {
      aheadMs = 0;
    }
  });

  it('keeps tokens from before sessions working, and logout ends every session', async () => {
    const seller = await signUpSeller(t.app);
    const older = await mintToken(t, sellerIdOf(seller.token));
    expect((await call('GET', '/api/auth/profile', older)).statusCode).toBe(200);
    expect((await call('GET', '/api/auth/sessions', older)).json()).toEqual({
      sessions: [expect.objectContaining({ current: false })],
    });
    const other = await signIn(seller, chromeOnMac, '203.0.113.50');
    expect((await call('POST', '/api/auth/logout', other)).statusCode).toBe(204);
    for (const token of [older, other, seller.token]) {
      expect((await call('GET', '/api/auth/profile', token)).statusCode).toBe(401);
    }
    const fresh = await signIn(seller, chromeOnMac, '203.0.113.51');
    expect(await sessionsOf(fresh)).toHaveLength(1);
  });

  it('a password change signs the other sessions out and keeps the one that made it', async () => {
    const seller = await signUpSeller(t.app);
    const other = await signIn(seller, chromeOnMac, '203.0.113.60');
    const changed = await t.app.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      headers: bearer(seller.token),
      payload: { currentPassword: seller.password, newPassword: 'Fresh-Lemon-Tree-42' },
    });
    expect(changed.statusCode).toBe(200);
    const token = changed.json<{ token: string }>().token;
    expect(sessionIdOf(token)).toBe(sessionIdOf(seller.token));
    expect((await call('GET', '/api/auth/profile', other)).statusCode).toBe(401);
    expect(await sessionsOf(token)).toEqual([
      expect.objectContaining({ id: sessionIdOf(token), current: true }),
    ]);
    expect((await activityOf(token)).events[0]?.type).toBe('password_changed');
  });
});

describe('the sessions list after a token is reissued', () => {
  it('lists a session as long as its reissued token works, and no longer', async () => {
    const day = 86_400_000;
    const lifetime = t.config.tokenTtlSeconds * 1000;
    try {
      const seller = await signUpSeller(t.app);
      // Half a token lifetime later, a password change reissues the signup session's token.
      aheadMs = lifetime / 2;
      const changed = await t.app.inject({
        method: 'POST',
        url: '/api/auth/change-password',
        headers: bearer(seller.token),
        payload: { currentPassword: seller.password, newPassword: 'Fresh-Lemon-Tree-42' },
      });
      expect(changed.statusCode).toBe(200);
      const renewed = changed.json<{ token: string }>().token;
      expect(sessionIdOf(renewed)).toBe(sessionIdOf(seller.token));

      // A day past the first token's lifetime: the reissued one still works, so it is listed.
      aheadMs = lifetime + day;
      const laptop = await signIn(
        { ...seller, password: 'Fresh-Lemon-Tree-42' },
        chromeOnMac,
        '203.0.113.70',
      );
      expect((await sessionsOf(laptop)).map((session) => session.id).sort()).toEqual(
        [renewed, laptop].map(sessionIdOf).sort(),
      );

      // A minute past the reissued token's lifetime: only the laptop's session is left.
      aheadMs = lifetime / 2 + lifetime + 60_000;
      expect(await sessionsOf(laptop)).toEqual([
        expect.objectContaining({ id: sessionIdOf(laptop), current: true }),
      ]);
    } finally {
      aheadMs = 0;
    }
  });
});

describe('activity', () => {
  it('lists refused sign-ins, pages newest first, and refuses a bad page with 400', async () => {
    const seller = await signUpSeller(t.app);
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress: '203.0.113.70',
      payload: { email: seller.email, password: 'not-the-password' },
    });
    expect(refused.statusCode).toBe(401);
    await signIn(seller, chromeOnMac, '203.0.113.71');
    const first = await activityOf(seller.token, '?page=1&limit=2');
    expect(first.events.map((event) => event.type)).toEqual(['login', 'login_failed']);
    expect(first.pagination).toEqual({ total: 3, page: 1, limit: 2, totalPages: 2 });
    const second = await activityOf(seller.token, '?page=2&limit=2');
    expect(second.events.map((event) => event.type)).toEqual(['login']);
    const bad = await call('GET', '/api/auth/activity?limit=1000', seller.token);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'validation_failed' });
  });

  it('lists API tokens made and revoked and payout details changed', async () => {
    const seller = await signUpSeller(t.app);
    const made = await t.app.inject({
      method: 'POST',
      url: '/api/auth/api-tokens',
      headers: bearer(seller.token),
      payload: { name: 'script', scopes: ['products:read'] },
    });
    expect(made.statusCode).toBe(201);
    const revoked = await call(
      'DELETE',
      `/api/auth/api-tokens/${made.json<{ id: string }>().id}`,
      seller.token,
    );
    expect(revoked.statusCode).toBe(204);
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/auth/settlement-info',
      headers: bearer(seller.token),
      payload: { paypal: { email: 'seller@example.com', accountHolder: 'Kim Minsu' } },
    });
    expect(saved.statusCode).toBe(200);
    const types = (await activityOf(seller.token)).events.map((event) => event.type);
    expect(types).toEqual([
      'settlement_changed',
      'api_token_revoked',
      'api_token_created',
      'login',
    ]);
  });
});

describe('the stored User-Agent', () => {
  it('keeps at most 512 characters of it in the session and the activity log', async () => {
    const seller = await signUpSeller(t.app);
    // 511 characters, then an emoji (two UTF-16 units) across the limit, then a lot more.
    const huge = `${chromeOnMac}${'x'.repeat(511 - chromeOnMac.length)}🙂${'y'.repeat(20_000)}`;
    const token = await signIn(seller, huge, '203.0.113.9');
    const sellerId = sellerIdOf(token);
    const stored = [
      ...(await t.database.db
        .select({ userAgent: sellerSessions.userAgent })
        .from(sellerSessions)
        .where(eq(sellerSessions.sellerId, sellerId))),
      ...(await t.database.db
        .select({ userAgent: securityEvents.userAgent })
        .from(securityEvents)
        .where(eq(securityEvents.sellerId, sellerId))),
    ].filter((row) => row.userAgent?.startsWith(chromeOnMac));
    expect(stored.length).toBeGreaterThanOrEqual(2);
    for (const { userAgent } of stored) {
      expect(userAgent).toBe(`${chromeOnMac}${'x'.repeat(511 - chromeOnMac.length)}🙂`);
    }
    // Still read as the browser it names.
    const listed = (await sessionsOf(token)).find((session) => session.current);
    expect(listed?.browser).toBe('Chrome 131');
  });
});
