import type { SessionsResponse } from '@seller/contract/auth/get-sessions';
import type { DataAccess, Database } from '../../db/client.ts';
import { notFound } from '../../lib/app-error.ts';
import { inBatches } from '../../lib/batches.ts';
import { isUuid } from '../../lib/ids.ts';
import { describeUserAgent, storedUserAgent } from '../../lib/user-agent.ts';
import type { ActivityService, RequestClient } from './activity.service.ts';
import type { SessionStateCache } from './session-state-cache.ts';
import type { SessionRepository } from './sessions.repository.ts';

/** `last_used_at` moves at most this often: one write a minute per session, not per request. */
export const sessionTouchIntervalMs = 60_000;

/**
 * A session signed out or expired is kept this long, then deleted (docs/product-rules.md,
 * "Sessions"): the list shows only live ones, and the activity keeps the year's sign-ins.
 */
export const endedSessionKeptDays = 30;

/**
 * Signed-in sessions: every sign-in opens one, its id rides in the session token, and every
 * request checks that it is still open: on the database, or in `cache` when this copy read it
 * open within the last minute and has heard of no change to the seller's sessions since
 * (decision 048), so that signing out counts from the next request on every server copy.
 */
export function createSessionService(deps: {
  /** Runs work in one transaction (the database handle's). */
  transaction: DataAccess['transaction'];
  sessions: SessionRepository;
  activity: ActivityService;
  /** How long a session token lives from its (re)issue: the session expires with it. */
  tokenTtlSeconds: number;
  /** Open sessions this copy has checked; none when absent (every check reads). */
  cache?: SessionStateCache;
  now?: () => Date;
}) {
  const { transaction, sessions, activity, tokenTtlSeconds, cache } = deps;
  const now = deps.now ?? (() => new Date());
  /** The expiry of a token issued at `at` (its `exp` is set from the same lifetime). */
  const expiryOf = (at: Date) => new Date(at.getTime() + tokenTtlSeconds * 1000);

  return {
    /**
     * Opens a session for a sign-in, in `executor`'s transaction, expiring with the token about
     * to be issued for it; answers its id.
     */
    open(executor: Database, sellerId: string, client: RequestClient): Promise<string> {
      const at = now();
      return sessions.create(executor, {
        sellerId,
        ip: client.ip,
        userAgent: storedUserAgent(client.userAgent),
        at,
        expiresAt: expiryOf(at),
      });
    },

    /**
     * The session's token is about to be reissued (a password change made through it): its
     * expiry moves with the new token's, in `executor`'s transaction. False when the session
     * is not the seller's or not open.
     */
    renew(executor: Database, sellerId: string, sessionId: string): Promise<boolean> {
      return sessions.renew(executor, sellerId, sessionId, expiryOf(now()));
    },

    /**
     * Whether a token of this session, carrying `claimedVersion`, is accepted: the session is
     * the seller's, not signed out, and the seller's tokens were not all revoked since.
     */
    async accepts(sellerId: string, sessionId: string, claimedVersion: number): Promise<boolean> {
      const at = now();
      if (cache?.accepts(sellerId, sessionId, claimedVersion, at.getTime())) return true;
      const generation = cache?.generation() ?? 0;
      const staleBefore = new Date(at.getTime() - sessionTouchIntervalMs);
      const state = await sessions.state(sellerId, sessionId, staleBefore);
      if (!state?.active || state.tokenVersion !== claimedVersion) return false;
      if (state.stale) await sessions.touch(sessionId, at, staleBefore);
      // Trusted until its last use is due to move again.
      const usedAt = state.stale ? at : state.lastUsedAt;
      cache?.remember(
        {
          sellerId,
          sessionId,
          tokenVersion: state.tokenVersion,
          until: usedAt.getTime() + sessionTouchIntervalMs,
        },
        generation,
      );
      return true;
    },

    async list(sellerId: string, currentSessionId: string | undefined): Promise<SessionsResponse> {
      const rows = await sessions.listActive(sellerId, now());
      return {
        sessions: rows.map((row) => ({
          id: row.id,
          createdAt: row.createdAt.toISOString(),
          lastUsedAt: row.lastUsedAt.toISOString(),
          ...describeUserAgent(row.userAgent),
          ip: row.ip,
          current: row.id === currentSessionId,
        })),
      };
    },

    /** Signs one session out; one already signed out is left as it is. Another seller's: 404. */
    async revoke(sellerId: string, sessionId: string, client: RequestClient): Promise<void> {
      if (!isUuid(sessionId)) throw notFound('Session');
      await transaction(async (tx) => {
        const row = await sessions.findForUpdate(tx, sellerId, sessionId);
        if (!row) throw notFound('Session');
        if (row.revokedAt) return;
        await sessions.revokeOpen(tx, sellerId, now(), undefined, sessionId);
        await activity.record(tx, sellerId, 'session_revoked', client);
      });
      cache?.forgetSeller(sellerId);
    },

    /** Signs out every session of the seller but `currentSessionId`. */
    async revokeOthers(
      sellerId: string,
      currentSessionId: string | undefined,
      client: RequestClient,
    ): Promise<void> {
      await transaction(async (tx) => {
        const ended = await sessions.revokeOpen(tx, sellerId, now(), currentSessionId);
        if (ended > 0) await activity.record(tx, sellerId, 'session_revoked', client);
      });
      cache?.forgetSeller(sellerId);
    },

    /**
     * Marks every open session signed out, but `keep`, in `executor`'s transaction: for the
     * changes that revoke every token (password change and reset, logout), so that the list
     * shows what still works.
     */
    endAll(executor: Database, sellerId: string, keep?: string): Promise<number> {
      return sessions.revokeOpen(executor, sellerId, now(), keep);
    },

    /**
     * Ends every session of an account being deleted, in `executor`'s transaction, by deleting
     * its rows: they hold the addresses and browsers the account signed in from, which go with
     * it (docs/product-rules.md, "Account data").
     */
    async removeAll(executor: Database, sellerId: string): Promise<void> {
      await sessions.removeAll(executor, sellerId);
    },

    /**
     * Deletes the sessions that ended more than `endedSessionKeptDays` ago, at most `batchSize`
     * in each statement; answers how many. A session ends when it is signed out or when its
     * token expires (the expiry the list goes by).
     */
    purgeEnded(batchSize: number): Promise<number> {
      const endedBefore = new Date(now().getTime() - endedSessionKeptDays * 86_400_000);
      return inBatches(batchSize, (limit) => sessions.purgeBatch(endedBefore, limit));
    },
  };
}

export type SessionService = ReturnType<typeof createSessionService>;
