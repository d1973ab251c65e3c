import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { type ApiTokenRow, apiTokens } from '../../db/schema.ts';

export function createApiTokenRepository(db: Database) {
  return {
    /** Inside `executor`'s transaction when one is given. */
    async insert(
      values: {
        sellerId: string;
        name: string;
        scopes: string[];
        tokenHash: string;
        prefix: string;
      },
      executor: Database = db,
    ): Promise<ApiTokenRow> {
      const [row] = await executor.insert(apiTokens).values(values).returning();
      if (!row) throw new Error('insert returned no row');
      return row;
    },

    async countActive(sellerId: string): Promise<number> {
      const [row] = await db
        .select({ count: sql<number>`count(*)::int` })
        .from(apiTokens)
        .where(and(eq(apiTokens.sellerId, sellerId), isNull(apiTokens.revokedAt)));
      return row?.count ?? 0;
    },

    listActive(sellerId: string): Promise<ApiTokenRow[]> {
      return db
        .select()
        .from(apiTokens)
        .where(and(eq(apiTokens.sellerId, sellerId), isNull(apiTokens.revokedAt)))
        .orderBy(desc(apiTokens.createdAt));
    },

    /** Revokes the seller's token; false when the seller has no such active token. */
    async revoke(sellerId: string, id: string, executor: Database = db): Promise<boolean> {
      const rows = await executor
        .update(apiTokens)
        .set({ revokedAt: new Date() })
        .where(
          and(eq(apiTokens.id, id), eq(apiTokens.sellerId, sellerId), isNull(apiTokens.revokedAt)),
        )
        .returning({ id: apiTokens.id });
      return rows.length > 0;
    },

    /** The active token with this hash (read on every request: a revocation counts at once). */
    async findActiveByHash(tokenHash: string): Promise<ApiTokenRow | undefined> {
      const [row] = await db
        .select()
        .from(apiTokens)
        .where(and(eq(apiTokens.tokenHash, tokenHash), isNull(apiTokens.revokedAt)))
        .limit(1);
      return row;
    },

    async touch(id: string, at: Date): Promise<void> {
      await db.update(apiTokens).set({ lastUsedAt: at }).where(eq(apiTokens.id, id));
    },
  };
}

export type ApiTokenRepository = ReturnType<typeof createApiTokenRepository>;
