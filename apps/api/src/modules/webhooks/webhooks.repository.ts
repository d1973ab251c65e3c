import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { DataAccess, Database } from '../../db/client.ts';
import {
  type WebhookDeliveryAttemptRow,
  type WebhookDeliveryRow,
  type WebhookRow,
  webhookDeliveries,
  webhookDeliveryAttempts,
  webhooks,
} from '../../db/schema.ts';

/** Deliveries kept per seller for the log. */
export const deliveryLogSize = 100;

export type DeliveryAttempt = Pick<
  WebhookDeliveryRow,
  'status' | 'attempts' | 'statusCode' | 'durationMs' | 'error' | 'nextAttemptAt'
>;

/** One try at posting a delivery, as the log keeps it. */
export type AttemptLogEntry = Pick<
  WebhookDeliveryAttemptRow,
  'attemptedAt' | 'statusCode' | 'durationMs' | 'error'
>;

export function createWebhookRepository({
  db,
  transaction,
}: Pick<DataAccess, 'db' | 'transaction'>) {
  return {
    /** Runs work in one transaction (the database handle's). */
    transaction,

    async find(sellerId: string, executor: Database = db): Promise<WebhookRow | undefined> {
      const [row] = await executor
        .select()
        .from(webhooks)
        .where(eq(webhooks.sellerId, sellerId))
        .limit(1);
      return row;
    },

    /** Sets URL and events; a new webhook takes `secret`, an existing one keeps its own. */
    async save(
      sellerId: string,
      values: { url: string; events: string[] },
      secretForNew: string,
    ): Promise<{ row: WebhookRow; created: boolean }> {
      const existing = await this.find(sellerId);
      const now = new Date();
      if (existing) {
        const [row] = await db
          .update(webhooks)
          .set({ ...values, updatedAt: now })
          .where(eq(webhooks.sellerId, sellerId))
          .returning();
        if (row) return { row, created: false };
      }
      const [row] = await db
        .insert(webhooks)
        .values({ sellerId, ...values, secret: secretForNew })
        .onConflictDoUpdate({ target: webhooks.sellerId, set: { ...values, updatedAt: now } })
        .returning();
      if (!row) throw new Error('upsert returned no row');
      return { row, created: row.secret === secretForNew };
    },

    async setSecret(sellerId: string, secret: string): Promise<boolean> {
      const rows = await db
        .update(webhooks)
        .set({ secret, updatedAt: new Date() })
        .where(eq(webhooks.sellerId, sellerId))
        .returning({ sellerId: webhooks.sellerId });
      return rows.length > 0;
    },

    async remove(sellerId: string): Promise<void> {
      await db.delete(webhooks).where(eq(webhooks.sellerId, sellerId));
      // Deliveries still waiting for a retry are given up.
      await db
        .update(webhookDeliveries)
        .set({ status: 'failed', error: 'the webhook was removed', nextAttemptAt: null })
        .where(
          and(eq(webhookDeliveries.sellerId, sellerId), eq(webhookDeliveries.status, 'pending')),
        );
    },

    /**
     * Deletes the seller's webhook and its whole delivery log (the attempts go with their
     * deliveries), in `executor`'s transaction.
     */
    async removeAll(executor: Database, sellerId: string): Promise<void> {
      await executor.delete(webhookDeliveries).where(eq(webhookDeliveries.sellerId, sellerId));
      await executor.delete(webhooks).where(eq(webhooks.sellerId, sellerId));
    },

    async insertDelivery(
      executor: Database,
      values: { sellerId: string; eventId: string; event: string; body: string },
    ): Promise<WebhookDeliveryRow> {
      const [row] = await executor.insert(webhookDeliveries).values(values).returning();
      if (!row) throw new Error('insert returned no row');
      return row;
    },

    async findDelivery(id: string): Promise<WebhookDeliveryRow | undefined> {
      const [row] = await db
        .select()
        .from(webhookDeliveries)
        .where(eq(webhookDeliveries.id, id))
        .limit(1);
      return row;
    },

    async findOwnedDelivery(sellerId: string, id: string): Promise<WebhookDeliveryRow | undefined> {
      const [row] = await db
        .select()
        .from(webhookDeliveries)
        .where(and(eq(webhookDeliveries.id, id), eq(webhookDeliveries.sellerId, sellerId)))
        .limit(1);
      return row;
    },

    listDeliveries(sellerId: string): Promise<WebhookDeliveryRow[]> {
      return db
        .select()
        .from(webhookDeliveries)
        .where(eq(webhookDeliveries.sellerId, sellerId))
        .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
        .limit(deliveryLogSize);
    },

    /**
     * The delivery's state after an attempt and, when a request went out (`tried`), that attempt
     * in the log, in `executor`'s transaction: both or neither.
     */
    async recordAttempt(
      executor: Database,
      id: string,
      attempt: DeliveryAttempt,
      tried?: AttemptLogEntry,
    ): Promise<void> {
      await executor
        .update(webhookDeliveries)
        .set({ ...attempt, updatedAt: new Date() })
        .where(eq(webhookDeliveries.id, id));
      if (tried)
        await executor.insert(webhookDeliveryAttempts).values({ deliveryId: id, ...tried });
    },

    /** Gives up a delivery that is still pending: failed, with no retry to come. */
    async failPending(executor: Database, id: string, error: string): Promise<void> {
      await executor
        .update(webhookDeliveries)
        .set({ status: 'failed', error, nextAttemptAt: null, updatedAt: new Date() })
        .where(and(eq(webhookDeliveries.id, id), eq(webhookDeliveries.status, 'pending')));
    },

    /** The attempts of these deliveries, oldest first, by delivery. */
    async attemptsOf(deliveryIds: readonly string[]): Promise<Map<string, AttemptLogEntry[]>> {
      const byDelivery = new Map<string, AttemptLogEntry[]>();
      if (deliveryIds.length === 0) return byDelivery;
      const rows = await db
        .select()
        .from(webhookDeliveryAttempts)
        .where(inArray(webhookDeliveryAttempts.deliveryId, [...deliveryIds]))
        .orderBy(asc(webhookDeliveryAttempts.attemptedAt), asc(webhookDeliveryAttempts.id));
      for (const { deliveryId, attemptedAt, statusCode, durationMs, error } of rows) {
        const list = byDelivery.get(deliveryId) ?? [];
        list.push({ attemptedAt, statusCode, durationMs, error });
        byDelivery.set(deliveryId, list);
      }
      return byDelivery;
    },

    /** Drops what falls out of every seller's log (the newest `deliveryLogSize` stay). */
    async trimLogs(): Promise<number> {
      const rows = await db.execute(sql`
        delete from ${webhookDeliveries} d
        using (
          select id from (
            select id, row_number() over (
              partition by seller_id order by created_at desc, id desc
            ) as position
            from ${webhookDeliveries}
          ) ranked
          where ranked.position > ${deliveryLogSize}
        ) old
        where d.id = old.id and d.status <> 'pending'`);
      return (rows as { rowCount?: number | null }).rowCount ?? 0;
    },
  };
}

export type WebhookRepository = ReturnType<typeof createWebhookRepository>;
