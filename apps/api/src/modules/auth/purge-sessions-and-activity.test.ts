import type { ActivityResponse } from '@seller/contract/auth/get-activity';
import { and, eq, lt, or } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { securityEvents, sellerSessions } from '../../db/schema.ts';
import { sellerIdOf } from '../../test/seller-fixtures.ts';
import { bearer, signUpSeller, type TestSeller } from '../../test/sellers.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createActivityRepository } from './activity.repository.ts';
import { activityRetentionDays, createActivityService } from './activity.service.ts';
import { createSessionRepository } from './sessions.repository.ts';
import { createSessionService, endedSessionKeptDays } from './sessions.service.ts';

const day = 86_400_000;
/** Noon in Seoul: the day's 04:00 purge slot has begun, and each test day is a new slot. */
const start = new Date('2026-01-05T03:00:00Z');

let t: TestApp;
/** The app's clock; the tokens themselves go by the real one, so they stay valid. */
let now = start;
const at = (days: number) => new Date(start.getTime() + days * day);

beforeAll(async () => {
  t = await createTestApp({}, { clock: () => now });
});
afterAll(async () => {
  await t.close();
});

/** Runs the daily purge as it runs at `when`. */
async function purgeAt(when: Date) {
  now = when;
  await t.app.jobQueue.enqueueSlots();
  await t.app.jobQueue.runDue();
}

async function signIn(seller: TestSeller): Promise<string> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: seller.email, password: seller.password },
  });
  expect(response.statusCode).toBe(200);
  return response.json<{ token: string }>().token;
}

const sessionIdOf = (token: string) =>
  JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')).sid as string;

async function sessionRowsOf(sellerId: string) {
  const rows = await t.database.db
    .select({ id: sellerSessions.id })
    .from(sellerSessions)
    .where(eq(sellerSessions.sellerId, sellerId));
  return rows.map((row) => row.id).sort();
}

describe('the daily purge of sessions and activity', () => {
  it('deletes a session a month after it was signed out or its token expired', async () => {
    now = start;
    const seller = await signUpSeller(t.app);
    const sellerId = sellerIdOf(seller.token);
    const signedOut = await signIn(seller);
    const other = await signIn(seller);
    const revoked = await t.app.inject({
      method: 'DELETE',
      url: `/api/auth/sessions/${sessionIdOf(signedOut)}`,
      headers: bearer(seller.token),
    });
    expect(revoked.statusCode).toBe(204);
    const all = [seller.token, signedOut, other].map(sessionIdOf).sort();

    // Day 3: a password change made through the signup's session signs the other one out and
    // gives this one a new token, which lives its full lifetime from today.
    now = at(3);
    const changed = await t.app.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      headers: bearer(seller.token),
      payload: { currentPassword: seller.password, newPassword: 'Fresh-Lemon-Tree-42' },
    });
    expect(changed.statusCode).toBe(200);
    const renewed = changed.json<{ token: string }>().token;
    expect(sessionIdOf(renewed)).toBe(sessionIdOf(seller.token));
    // Day 6: the session is used once more.
    now = at(6);
    const used = await t.app.inject({ url: '/api/auth/profile', headers: bearer(renewed) });
    expect(used.statusCode).toBe(200);

    // A day short of the month: the signed-out session is still kept; a day after it, it goes.
    await purgeAt(at(endedSessionKeptDays - 1));
    expect(await sessionRowsOf(sellerId)).toEqual(all);
    await purgeAt(at(endedSessionKeptDays + 1));
    expect(await sessionRowsOf(sellerId)).toEqual([seller.token, other].map(sessionIdOf).sort());

    // The session the password change signed out goes a month after that day.
    await purgeAt(at(3 + endedSessionKeptDays - 1));
    expect(await sessionRowsOf(sellerId)).toHaveLength(2);
    await purgeAt(at(3 + endedSessionKeptDays + 1));
    expect(await sessionRowsOf(sellerId)).toEqual([sessionIdOf(seller.token)]);

    // The reissued token expired a token lifetime after day 3, whatever the last use (day 6):
    // a month after that expiry the session goes.
    const tokenDays = t.config.tokenTtlSeconds / 86_400;
    await purgeAt(at(3 + tokenDays + endedSessionKeptDays - 1));
    expect(await sessionRowsOf(sellerId)).toEqual([sessionIdOf(seller.token)]);
    await purgeAt(at(3 + tokenDays + endedSessionKeptDays + 1));
    expect(await sessionRowsOf(sellerId)).toEqual([]);
  });

  it('keeps the activity a year: events older than that go, newer ones stay', async () => {
    now = at(100);
    const seller = await signUpSeller(t.app);
    now = at(300);
    await signIn(seller);

    // A day short of a year after the signup: nothing is old enough yet.
    await purgeAt(at(100 + activityRetentionDays - 1));
    now = at(100 + activityRetentionDays + 1);
    const token = await signIn(seller);
    await purgeAt(now);
    const response = await t.app.inject({ url: '/api/auth/activity', headers: bearer(token) });
    const events = response.json<ActivityResponse>().events;
    // The signup's login is over a year old; the sign-in of day 300 and today's stay.
    expect(events.map((event) => [event.type, event.at])).toEqual([
      ['login', now.toISOString()],
      ['login', at(300).toISOString()],
    ]);
  });

  it('deletes a backlog in statements of at most the batch size', async () => {
    now = at(1000);
    const seller = await signUpSeller(t.app);
    const sellerId = sellerIdOf(seller.token);
    await t.database.db.insert(securityEvents).values(
      Array.from({ length: 7 }, (_, index) => ({
        sellerId,
        type: 'login',
        at: new Date(now.getTime() - (activityRetentionDays + 1 + index) * day),
      })),
    );
    await t.database.db.insert(sellerSessions).values(
      Array.from({ length: 5 }, () => ({
        sellerId,
        createdAt: at(900),
        lastUsedAt: at(900),
        expiresAt: new Date(at(900).getTime() + t.config.tokenTtlSeconds * 1000),
        revokedAt: at(900),
      })),
    );
    const yearAgo = new Date(now.getTime() - activityRetentionDays * day);
    const oldEvents = await t.database.db
      .select({ id: securityEvents.id })
      .from(securityEvents)
      .where(lt(securityEvents.at, yearAgo));
    const monthAgo = new Date(now.getTime() - endedSessionKeptDays * day);
    const endedSessions = await t.database.db
      .select({ id: sellerSessions.id })
      .from(sellerSessions)
      .where(or(lt(sellerSessions.revokedAt, monthAgo), lt(sellerSessions.expiresAt, monthAgo)));

    // The services over the same database, each statement's count written down.
    const statements: { events: number[]; sessions: number[] } = { events: [], sessions: [] };
    const activityRows = createActivityRepository(t.database.db);
    const activity = createActivityService({
      activity: {
        ...activityRows,
        purgeBatch: async (before, limit) => {
          const deleted = await activityRows.purgeBatch(before, limit);
          statements.events.push(deleted);
          return deleted;
        },
      },
      now: () => now,
    });
    const sessionRows = createSessionRepository(t.database);
    const sessions = createSessionService({
      transaction: t.database.transaction,
      activity,
      sessions: {
        ...sessionRows,
        purgeBatch: async (endedBefore, limit) => {
          const deleted = await sessionRows.purgeBatch(endedBefore, limit);
          statements.sessions.push(deleted);
          return deleted;
        },
      },
      tokenTtlSeconds: t.config.tokenTtlSeconds,
      now: () => now,
    });

    expect(await activity.purgeExpired(3)).toBe(oldEvents.length);
    expect(await sessions.purgeEnded(2)).toBe(endedSessions.length);
    expect(oldEvents.length).toBeGreaterThanOrEqual(7);
    expect(endedSessions.length).toBeGreaterThanOrEqual(5);
    for (const counts of [statements.events, statements.sessions]) {
      // Full batches until the last, which comes back short.
      expect(counts.slice(0, -1).every((count) => count === counts[0])).toBe(true);
      expect(counts.at(-1)).toBeLessThan(counts[0] ?? 0);
    }
    expect(statements.events[0]).toBe(3);
    expect(statements.sessions[0]).toBe(2);
    const left = await t.database.db
      .select({ id: securityEvents.id })
      .from(securityEvents)
      .where(and(eq(securityEvents.sellerId, sellerId), lt(securityEvents.at, yearAgo)));
    expect(left).toEqual([]);
    // The signup of today is neither old activity nor an ended session.
    expect(await sessionRowsOf(sellerId)).toEqual([sessionIdOf(seller.token)]);
  });
});
