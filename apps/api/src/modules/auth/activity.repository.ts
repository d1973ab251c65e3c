import type { SecurityEventType } from '@seller/contract/auth/security-events';
import { count, desc, eq, inArray, lt } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { type SecurityEventRow, securityEvents } from '../../db/schema.ts';

export interface SecurityEventInput {
  sellerId: string;
  type: SecurityEventType;
  at: Date;
  ip: string | null;
  userAgent: string | null;
}

/** The security activity of sellers. Methods that take an executor run in its transaction. */
export function createActivityRepository(db: Database) {
  return {
    async record(executor: Database, event: SecurityEventInput): Promise<void> {
      await executor.insert(securityEvents).values(event);
    },

    /** One page of the seller's events, newest first, and how many there are in all. */
    async page(
      sellerId: string,
      page: number,
      limit: number,
    ): Promise<{ rows: SecurityEventRow[]; total: number }> {
      const [rows, totals] = await Promise.all([
        db
          .select()
          .from(securityEvents)
          .where(eq(securityEvents.sellerId, sellerId))
          .orderBy(desc(securityEvents.at), securityEvents.id)
          .limit(limit)
          .offset((page - 1) * limit),
        db
          .select({ total: count() })
          .from(securityEvents)
          .where(eq(securityEvents.sellerId, sellerId)),
      ]);
      return { rows, total: totals[0]?.total ?? 0 };
    },

    /**
     * Deletes at most `limit` events older than `before`, in one statement of its own; answers
     * how many.
     */
    async purgeBatch(before: Date, limit: number): Promise<number> {
      const batch = db
        .select({ id: securityEvents.id })
        .from(securityEvents)
        .where(lt(securityEvents.at, before))
        .limit(limit);
      const rows = await db
        .delete(securityEvents)
        .where(inArray(securityEvents.id, batch))
        .returning({ id: securityEvents.id });
      return rows.length;
    },

    /** Deletes every event of the seller, in `executor`'s transaction; answers how many. */
    async removeAll(executor: Database, sellerId: string): Promise<number> {
      const rows = await executor
        .delete(securityEvents)
        .where(eq(securityEvents.sellerId, sellerId))
        .returning({ id: securityEvents.id });
      return rows.length;
    },
  };
}

export type ActivityRepository = ReturnType<typeof createActivityRepository>;
