import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { type SettlementInfoRow, settlementInfos } from '../../db/schema.ts';

export type SettlementValues = Omit<SettlementInfoRow, 'sellerId' | 'updatedAt'>;

export function createSettlementRepository(db: Database) {
  return {
    async find(sellerId: string): Promise<SettlementInfoRow | undefined> {
      const [row] = await db
        .select()
        .from(settlementInfos)
        .where(eq(settlementInfos.sellerId, sellerId))
        .limit(1);
      return row;
    },

    /** Deletes the seller's payout details, in `executor`'s transaction. */
    async remove(executor: Database, sellerId: string): Promise<void> {
      await executor.delete(settlementInfos).where(eq(settlementInfos.sellerId, sellerId));
    },

    /**
     * One row per seller: writes the given columns in one statement, the others keep their
     * saved values (empty on a first save). Inside `executor`'s transaction when one is given.
     */
    async save(
      sellerId: string,
      values: Partial<SettlementValues>,
      executor: Database = db,
    ): Promise<SettlementInfoRow> {
      const updatedAt = new Date();
      const [row] = await executor
        .insert(settlementInfos)
        .values({ sellerId, ...values, updatedAt })
        .onConflictDoUpdate({ target: settlementInfos.sellerId, set: { ...values, updatedAt } })
        .returning();
      if (!row) throw new Error('upsert returned no row');
      return row;
    },
  };
}

export type SettlementRepository = ReturnType<typeof createSettlementRepository>;
