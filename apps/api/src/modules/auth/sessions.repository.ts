import { and, desc, eq, gt, inArray, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { DataAccess, Database } from '../../db/client.ts';
import { type SellerSessionRow, sellerSessions, sellers } from '../../db/schema.ts';
import { column } from '../../db/sql-values.ts';

export interface SessionState {
  /** The seller's current token version: a token carrying another one is refused. */
  tokenVersion: number;
  /** Not signed out. */
  active: boolean;
  /** Last used before the cutoff the caller gave: time to move `last_used_at`. */
  stale: boolean;
  lastUsedAt: Date;
}

/** The signed-in sessions of sellers. Methods that take an executor run in its transaction. */
export function createSessionRepository({ db, statements }: Pick<DataAccess, 'db' | 'statements'>) {
  // Read by every request made with a session token: the seller's token version and the
  // session's state in one round trip, never cached, so that a session signed out on one server
  // copy is refused by all of them from the next request.
  const stateById = statements.prepare(
    'seller_session_state',
    sql`select s.token_version, ss.revoked_at is null as active,
      ss.last_used_at < ${sql.placeholder('cutoff')}::timestamptz as stale, ss.last_used_at
      from ${sellers} s join ${sellerSessions} ss on ss.seller_id = s.id
      where s.id = ${sql.placeholder('sellerId')} and ss.id = ${sql.placeholder('sessionId')}
      limit 1`,
    (row): SessionState => ({
      tokenVersion: column.integer(row, 'token_version'),
      active: column.boolean(row, 'active'),
      stale: column.boolean(row, 'stale'),
      lastUsedAt: column.timestamp(row, 'last_used_at'),
    }),
  );

  return {
    async create(
      executor: Database,
      values: {
        sellerId: string;
        ip: string | null;
        userAgent: string | null;
        at: Date;
        expiresAt: Date;
      },
    ): Promise<string> {
      const [row] = await executor
        .insert(sellerSessions)
        .values({
          sellerId: values.sellerId,
          ip: values.ip,
          userAgent: values.userAgent,
          createdAt: values.at,
          lastUsedAt: values.at,
          expiresAt: values.expiresAt,
        })
        .returning({ id: sellerSessions.id });
      if (!row) throw new Error('insert returned no row');
      return row.id;
    },

    /** The session of this seller with this id; undefined when there is none. */
    async state(
      sellerId: string,
      sessionId: string,
      staleBefore: Date,
    ): Promise<SessionState | undefined> {
      const [state] = await stateById({
        sellerId,
        sessionId,
        cutoff: staleBefore.toISOString(),
      });
      return state;
    },

    /** Moves `last_used_at` to `at` unless another request already did since `staleBefore`. */
    async touch(sessionId: string, at: Date, staleBefore: Date): Promise<void> {
      await db
        .update(sellerSessions)
        .set({ lastUsedAt: at })
        .where(and(eq(sellerSessions.id, sessionId), lt(sellerSessions.lastUsedAt, staleBefore)));
    },

    /**
     * Moves the expiry of the seller's open session to `expiresAt` (its token was reissued), in
     * `executor`'s transaction; false when there is no such open session.
     */
    async renew(
      executor: Database,
      sellerId: string,
      sessionId: string,
      expiresAt: Date,
    ): Promise<boolean> {
      const rows = await executor
        .update(sellerSessions)
        .set({ expiresAt })
        .where(
          and(
            eq(sellerSessions.id, sessionId),
            eq(sellerSessions.sellerId, sellerId),
            isNull(sellerSessions.revokedAt),
          ),
        )
        .returning({ id: sellerSessions.id });
      return rows.length > 0;
    },

    /** Sessions not signed out whose token still works at `at`. */
    async listActive(sellerId: string, at: Date): Promise<SellerSessionRow[]> {
      return db
        .select()
        .from(sellerSessions)
        .where(
          and(
            eq(sellerSessions.sellerId, sellerId),
            isNull(sellerSessions.revokedAt),
            gt(sellerSessions.expiresAt, at),
          ),
        )
        .orderBy(desc(sellerSessions.lastUsedAt), desc(sellerSessions.createdAt));
    },

    /** The seller's session with this id, locked for the rest of the transaction. */
    async findForUpdate(
      executor: Database,
      sellerId: string,
      sessionId: string,
    ): Promise<SellerSessionRow | undefined> {
      const [row] = await executor
        .select()
        .from(sellerSessions)
        .where(and(eq(sellerSessions.id, sessionId), eq(sellerSessions.sellerId, sellerId)))
        .limit(1)
        .for('update');
      return row;
    },

    /** Signs out the seller's sessions still open, but `keep`; answers how many. */
    async revokeOpen(
      executor: Database,
      sellerId: string,
      at: Date,
      keep?: string,
      only?: string,
    ): Promise<number> {
      const rows = await executor
        .update(sellerSessions)
        .set({ revokedAt: at })
        .where(
          and(
            eq(sellerSessions.sellerId, sellerId),
            isNull(sellerSessions.revokedAt),
            keep ? ne(sellerSessions.id, keep) : undefined,
            only ? eq(sellerSessions.id, only) : undefined,
          ),
        )
        .returning({ id: sellerSessions.id });
      return rows.length;
    },

    /** Deletes every session row of the seller, in `executor`'s transaction; answers how many. */
    async removeAll(executor: Database, sellerId: string): Promise<number> {
      const rows = await executor
        .delete(sellerSessions)
        .where(eq(sellerSessions.sellerId, sellerId))
        .returning({ id: sellerSessions.id });
      return rows.length;
    },

    /**
     * Deletes at most `limit` sessions that ended before `endedBefore` (signed out, or their
     * token expired), in one statement of its own; answers how many.
     */
    async purgeBatch(endedBefore: Date, limit: number): Promise<number> {
      const batch = db
        .select({ id: sellerSessions.id })
        .from(sellerSessions)
        .where(
          or(lt(sellerSessions.revokedAt, endedBefore), lt(sellerSessions.expiresAt, endedBefore)),
        )
        .limit(limit);
      const rows = await db
        .delete(sellerSessions)
        .where(inArray(sellerSessions.id, batch))
        .returning({ id: sellerSessions.id });
      return rows.length;
    },
  };
}

export type SessionRepository = ReturnType<typeof createSessionRepository>;
