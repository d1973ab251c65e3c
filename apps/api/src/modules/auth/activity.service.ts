import type { ActivityQuery, ActivityResponse } from '@seller/contract/auth/get-activity';
import type { SecurityEventType } from '@seller/contract/auth/security-events';
import type { Database } from '../../db/client.ts';
import { inBatches } from '../../lib/batches.ts';
import { describeUserAgent, storedUserAgent } from '../../lib/user-agent.ts';
import type { ActivityRepository } from './activity.repository.ts';

/** Where a request came from, as the activity and the sessions list show it. */
export interface RequestClient {
  ip: string;
  userAgent?: string | undefined;
}

/** Events are kept this long (docs/product-rules.md). */
export const activityRetentionDays = 365;

/**
 * The security activity of an account. Each change records its event with `record` inside the
 * transaction that makes the change, so that the activity lists exactly what happened.
 */
export function createActivityService(deps: { activity: ActivityRepository; now?: () => Date }) {
  const { activity } = deps;
  const now = deps.now ?? (() => new Date());

  /** Records `type` for the seller in `executor`'s transaction; `client` is who asked. */
  async function record(
    executor: Database,
    sellerId: string,
    type: SecurityEventType,
    client?: RequestClient,
  ): Promise<void> {
    await activity.record(executor, {
      sellerId,
      type,
      at: now(),
      ip: client?.ip ?? null,
      userAgent: storedUserAgent(client?.userAgent),
    });
  }

  return {
    record,

    /**
     * The data export's event, for the export call to write in the transaction that records
     * the request.
     */
    exportRequested(executor: Database, sellerId: string, client?: RequestClient): Promise<void> {
      return record(executor, sellerId, 'export_requested', client);
    },

    async list(
      sellerId: string,
      query: { page: number; limit: number } & ActivityQuery,
    ): Promise<ActivityResponse> {
      const { page, limit } = query;
      const { rows, total } = await activity.page(sellerId, page, limit);
      return {
        events: rows.map((row) => ({
          type: row.type as SecurityEventType,
          at: row.at.toISOString(),
          ip: row.ip,
          ...describeUserAgent(row.userAgent),
        })),
        pagination: { total, page, limit, totalPages: Math.ceil(total / limit) },
      };
    },

    /**
     * Deletes the events older than the retention, at most `batchSize` in each statement;
     * answers how many.
     */
    purgeExpired(batchSize: number): Promise<number> {
      const before = new Date(now().getTime() - activityRetentionDays * 86_400_000);
      return inBatches(batchSize, (limit) => activity.purgeBatch(before, limit));
    },

    /**
     * Deletes the whole activity of an account being deleted, in `executor`'s transaction
     * (docs/product-rules.md, "Account data").
     */
    async removeAll(executor: Database, sellerId: string): Promise<void> {
      await activity.removeAll(executor, sellerId);
    },
  };
}

export type ActivityService = ReturnType<typeof createActivityService>;
