import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client.ts';
import { createHotStatements } from '../../db/hot-statements.ts';
import { sellerSessions } from '../../db/schema.ts';
import { withAdminClient } from '../../test/postgres-admin.ts';
import { bearer, signUpSeller } from '../../test/sellers.ts';
import { createSiblingApp, createTestApp, type TestApp } from '../../test/test-app.ts';
import { createSessionStateCache } from './session-state-cache.ts';

const sessionIdOf = (token: string) =>
  JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')).sid as string;

describe('the session state cache', () => {
  const open = (sellerId: string, sessionId: string, until = 10_000) => ({
    sellerId,
    sessionId,
    tokenVersion: 3,
    until,
  });

  it('keeps nothing until its copy listens, and forgets everything when listening stops', () => {
    const cache = createSessionStateCache();
    cache.remember(open('s1', 'a'), cache.generation());
    expect(cache.accepts('s1', 'a', 3, 0)).toBe(false);
    cache.setListening(true);
    cache.remember(open('s1', 'a'), cache.generation());
    expect(cache.accepts('s1', 'a', 3, 0)).toBe(true);
    cache.setListening(false);
    expect(cache.accepts('s1', 'a', 3, 0)).toBe(false);
    cache.remember(open('s1', 'a'), cache.generation());
    expect(cache.size()).toBe(0);
  });

  it('accepts only the same seller and token version, and only until the entry is due', () => {
    const cache = createSessionStateCache();
    cache.setListening(true);
    cache.remember(open('s1', 'a', 1000), cache.generation());
    expect(cache.accepts('s2', 'a', 3, 0)).toBe(false);
    expect(cache.accepts('s1', 'a', 4, 0)).toBe(false);
    expect(cache.accepts('s1', 'a', 3, 999)).toBe(true);
    expect(cache.accepts('s1', 'a', 3, 1000)).toBe(false);
    expect(cache.size()).toBe(0);
  });

  it("forgets one seller's sessions, and never keeps a read that started before", () => {
    const cache = createSessionStateCache();
    cache.setListening(true);
    cache.remember(open('s1', 'a'), cache.generation());
    cache.remember(open('s1', 'b'), cache.generation());
    cache.remember(open('s2', 'c'), cache.generation());
    const readStarted = cache.generation();
    cache.forgetSeller('s1');
    expect(cache.accepts('s1', 'a', 3, 0)).toBe(false);
    expect(cache.accepts('s1', 'b', 3, 0)).toBe(false);
    expect(cache.accepts('s2', 'c', 3, 0)).toBe(true);
    // The read began before the change and may have seen the session still open.
    cache.remember(open('s1', 'a'), readStarted);
    expect(cache.accepts('s1', 'a', 3, 0)).toBe(false);
  });
});

/** The database handle, counting the session checks that reach it. */
function countingSessionReads(database: DatabaseHandle) {
  const counter = { reads: 0 };
  const statements = createHotStatements(async (statement) => {
    if (statement.name === 'seller_session_state') counter.reads++;
    return database.statements.run(statement);
  });
  return { counter, database: { ...database, statements } };
}

/** Polls `check` every 10 ms for up to `ms`; whether it came true. */
async function within(ms: number, check: () => Promise<boolean>): Promise<boolean> {
  const until = Date.now() + ms;
  do {
    if (await check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 10));
  } while (Date.now() < until);
  return false;
}

describe('session checks across server copies', () => {
  let t: TestApp;
  let other: FastifyInstance;
  let otherReads: { reads: number };

  beforeAll(async () => {
    t = await createTestApp();
    const counting = countingSessionReads(t.database);
    otherReads = counting.counter;
    other = await createSiblingApp(
      t,
      { JWT_SECRET: t.config.jwtSecret },
      { database: counting.database },
    );
  });
  afterAll(async () => {
    await other.close();
    await t.close();
  });

  const profileOn = (app: FastifyInstance, token: string) =>
    app.inject({ url: '/api/auth/profile', headers: bearer(token) });

  /** Once the other copy listens, a checked session is answered without reading it again. */
  async function cachedOnOther(token: string): Promise<void> {
    const served = await within(5000, async () => {
      expect((await profileOn(other, token)).statusCode).toBe(200);
      const before = otherReads.reads;
      expect((await profileOn(other, token)).statusCode).toBe(200);
      return otherReads.reads === before;
    });
    expect(served).toBe(true);
  }

  it('answers a checked session from memory, and a sign-out elsewhere ends it on this copy', async () => {
    const seller = await signUpSeller(t.app);
    const phone = (
      await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: seller.email, password: seller.password },
      })
    ).json<{ token: string }>().token;
    await cachedOnOther(phone);

    const signedOut = await t.app.inject({
      method: 'DELETE',
      url: `/api/auth/sessions/${sessionIdOf(phone)}`,
      headers: bearer(seller.token),
    });
    expect(signedOut.statusCode).toBe(204);
    // The copy that made the change refuses at once; the other as soon as the notice arrives.
    expect((await profileOn(t.app, phone)).statusCode).toBe(401);
    expect(await within(1000, async () => (await profileOn(other, phone)).statusCode === 401)).toBe(
      true,
    );
    expect((await profileOn(other, seller.token)).statusCode).toBe(200);
  });

  it('hears a change made outside the server (an operator ending a session in SQL)', async () => {
    const seller = await signUpSeller(t.app);
    await cachedOnOther(seller.token);
    await t.database.db
      .update(sellerSessions)
      .set({ revokedAt: new Date() })
      .where(eq(sellerSessions.id, sessionIdOf(seller.token)));
    expect(
      await within(1000, async () => (await profileOn(other, seller.token)).statusCode === 401),
    ).toBe(true);
  });

  it('hears a logout on another copy: every token of the seller ends', async () => {
    const seller = await signUpSeller(t.app);
    await cachedOnOther(seller.token);
    const logout = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: bearer(seller.token),
    });
    expect(logout.statusCode).toBe(204);
    expect(
      await within(1000, async () => (await profileOn(other, seller.token)).statusCode === 401),
    ).toBe(true);
  });

  it.runIf(process.env.DATABASE_URL)(
    'reads every session again while its listening connection is lost, until it is back',
    async () => {
      const seller = await signUpSeller(t.app);
      await cachedOnOther(seller.token);
      // Ends every listening connection of this database (the other copy's and this one's).
      const [database] = await t.database.statements.run({
        text: 'select current_database() as name',
        values: [],
      });
      await withAdminClient(process.env.DATABASE_URL as string, (client) =>
        client.query(
          `select pg_terminate_backend(pid) from pg_stat_activity
           where datname = $1 and query ilike 'listen %'`,
          [database?.name],
        ),
      );
      // Lost: nothing is answered from memory, so a sign-out is seen at once.
      expect(
        await within(2000, async () => {
          const before = otherReads.reads;
          await profileOn(other, seller.token);
          return otherReads.reads > before;
        }),
      ).toBe(true);
      await t.database.db
        .update(sellerSessions)
        .set({ revokedAt: new Date() })
        .where(eq(sellerSessions.id, sessionIdOf(seller.token)));
      expect((await profileOn(other, seller.token)).statusCode).toBe(401);
      // Listening again a second later: checked sessions are kept again.
      const again = await signUpSeller(t.app);
      await cachedOnOther(again.token);
    },
  );
});
