import type { SecurityEventType } from '@seller/contract/auth/security-events';
import { and, count, desc, eq, lt } from 'drizzle-orm';
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

    /** Deletes every event older than `before`; answers how many. */
    async purgeBefore(before: Date): Promise<number> {
      const rows = await db
        .delete(securityEvents)
        .where(and(lt(securityEvents.at, before)))
        .returning({ id: securityEvents.id });
      return rows.length;
    },
  };
}

export type ActivityRepository = ReturnType<typeof createActivityRepository>;
