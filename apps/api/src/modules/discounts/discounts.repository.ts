import type { DiscountStatus } from '@seller/contract/discounts/discount';
import { and, asc, count, desc, eq, gt, inArray, isNull, ne, type SQL, sql } from 'drizzle-orm';
import type { DataAccess, Database } from '../../db/client.ts';
import {
  type DiscountCodeRow,
  type DiscountRedemptionRow,
  type DiscountRow,
  discountCodes,
  discountRedemptions,
  discounts,
  products,
} from '../../db/schema.ts';

/** What the seller sets of a discount, checked. */
export interface DiscountValues {
  code: string;
  kind: DiscountRow['kind'];
  percent: number | null;
  amount: number | null;
  productIds: string[];
  maxUses: number | null;
  startsAt: Date | null;
  endsAt: Date | null;
  minAmount: number;
}

/**
 * A discount's status at `now`, in SQL: the same precedence as `discountStatusAt` of the
 * service (archived, used up, expired, scheduled, active).
 */
function statusAt(now: Date): SQL<DiscountStatus> {
  const at = now.toISOString();
  return sql<DiscountStatus>`case
    when ${discounts.archivedAt} is not null then 'archived'
    when ${discounts.maxUses} is not null and ${discounts.uses} >= ${discounts.maxUses} then 'used_up'
    when ${discounts.endsAt} is not null and ${discounts.endsAt} <= ${at}::timestamptz then 'expired'
    when ${discounts.startsAt} is not null and ${discounts.startsAt} > ${at}::timestamptz then 'scheduled'
    else 'active' end`;
}

/** A code the member site names, with its discount and the product's seller. */
export interface CodeForProduct {
  code: DiscountCodeRow;
  discount: DiscountRow;
}

export function createDiscountRepository({ db, transaction }: DataAccess) {
  return {
    transaction,

    async list(
      sellerId: string,
      filter: { status: DiscountStatus | undefined; now: Date; page: number; limit: number },
    ): Promise<{ total: number; rows: DiscountRow[] }> {
      const where = and(
        eq(discounts.sellerId, sellerId),
        filter.status === undefined
          ? isNull(discounts.archivedAt)
          : sql`${statusAt(filter.now)} = ${filter.status}`,
      );
      const [total] = await db.select({ count: count() }).from(discounts).where(where);
      const rows = await db
        .select()
        .from(discounts)
        .where(where)
        .orderBy(desc(discounts.createdAt), desc(discounts.id))
        .limit(filter.limit)
        .offset((filter.page - 1) * filter.limit);
      return { total: total?.count ?? 0, rows };
    },

    async findOwned(
      sellerId: string,
      id: string,
      executor: Database = db,
    ): Promise<DiscountRow | undefined> {
      const [row] = await executor
        .select()
        .from(discounts)
        .where(and(eq(discounts.id, id), eq(discounts.sellerId, sellerId)))
        .limit(1);
      return row;
    },

    /** The seller's row, locked until the transaction ends (edits wait for uses and holds). */
    async lockOwned(tx: Database, sellerId: string, id: string): Promise<DiscountRow | undefined> {
      const [row] = await tx
        .select()
        .from(discounts)
        .where(and(eq(discounts.id, id), eq(discounts.sellerId, sellerId)))
        .for('update');
      return row;
    },

    /** How many of these ids are products of the seller that are not deleted. */
    async countOwnProducts(sellerId: string, ids: readonly string[]): Promise<number> {
      if (ids.length === 0) return 0;
      const [row] = await db
        .select({ count: count() })
        .from(products)
        .where(
          and(
            eq(products.sellerId, sellerId),
            inArray(products.id, [...ids]),
            ne(products.status, 'deleted'),
          ),
        );
      return row?.count ?? 0;
    },

    /** The discount and its main code; a taken code fails on the codes' unique index. */
    async insert(tx: Database, sellerId: string, values: DiscountValues): Promise<DiscountRow> {
      const [row] = await tx
        .insert(discounts)
        .values({ sellerId, ...values })
        .returning();
      if (!row) throw new Error('insert returned no row');
      await tx
        .insert(discountCodes)
        .values({ discountId: row.id, sellerId, code: values.code, singleUse: false });
      return row;
    },

    async update(tx: Database, id: string, values: DiscountValues): Promise<DiscountRow> {
      const [row] = await tx.update(discounts).set(values).where(eq(discounts.id, id)).returning();
      if (!row) throw new Error('update returned no row');
      await tx
        .update(discountCodes)
        .set({ code: values.code })
        .where(and(eq(discountCodes.discountId, id), eq(discountCodes.singleUse, false)));
      return row;
    },

    /** Archives the discount and its codes (their letters become free); false when not the seller's. */
    async archive(sellerId: string, id: string, at: Date): Promise<boolean> {
      return transaction(async (tx) => {
        const [row] = await tx
          .update(discounts)
          .set({
            archivedAt: sql`coalesce(${discounts.archivedAt}, ${at.toISOString()}::timestamptz)`,
          })
          .where(and(eq(discounts.id, id), eq(discounts.sellerId, sellerId)))
          .returning({ id: discounts.id });
        if (!row) return false;
        await tx
          .update(discountCodes)
          .set({ archived: true })
          .where(eq(discountCodes.discountId, id));
        return true;
      });
    },

    /**
     * Inserts the single-use codes whose letters are free among the seller's codes (the others
     * are skipped); how many were inserted, added to the discount's count.
     */
    async insertSingleUseCodes(
      tx: Database,
      discount: Pick<DiscountRow, 'id' | 'sellerId'>,
      codes: readonly string[],
    ): Promise<number> {
      const inserted = await tx
        .insert(discountCodes)
        .values(
          codes.map((code) => ({
            discountId: discount.id,
            sellerId: discount.sellerId,
            code,
            singleUse: true,
          })),
        )
        .onConflictDoNothing()
        .returning({ id: discountCodes.id });
      if (inserted.length > 0) {
        await tx
          .update(discounts)
          .set({ singleUseCodes: sql`${discounts.singleUseCodes} + ${inserted.length}` })
          .where(eq(discounts.id, discount.id));
      }
      return inserted.length;
    },

    /** The discount's single-use codes in the order they were made. */
    singleUseCodes(discountId: string): Promise<DiscountCodeRow[]> {
      return db
        .select()
        .from(discountCodes)
        .where(and(eq(discountCodes.discountId, discountId), eq(discountCodes.singleUse, true)))
        .orderBy(asc(discountCodes.createdAt), asc(discountCodes.id));
    },

    /** The seller of a product that is not deleted. */
    async productSeller(productId: string, executor: Database = db): Promise<string | undefined> {
      const [row] = await executor
        .select({ sellerId: products.sellerId })
        .from(products)
        .where(and(eq(products.id, productId), ne(products.status, 'deleted')))
        .limit(1);
      return row?.sellerId;
    },

    /** The seller's code with these letters (not archived) and its discount. */
    async findCode(
      sellerId: string,
      code: string,
      executor: Database = db,
    ): Promise<CodeForProduct | undefined> {
      const [row] = await executor
        .select({ code: discountCodes, discount: discounts })
        .from(discountCodes)
        .innerJoin(discounts, eq(discounts.id, discountCodes.discountId))
        .where(
          and(
            eq(discountCodes.sellerId, sellerId),
            eq(discountCodes.code, code),
            eq(discountCodes.archived, false),
          ),
        )
        .limit(1);
      return row;
    },

    /**
     * Locks the code's row, then its discount's (the discount as it now is), in the order a
     * purchase of the code locks them (`purchases.repository.ts`, `discountClaim`), so that a
     * redeem and a purchase of one code never each hold the row the other waits for.
     * `update`: redeems of the discount take turns, so that its uses and holds are counted
     * right; `key share`: redeems share the rows (nothing to count), and only purchases and
     * edits of the discount wait for them.
     */
    async lockCodeAndDiscount(
      tx: Database,
      found: { codeId: string; discountId: string },
      strength: 'update' | 'key share',
    ): Promise<DiscountRow | undefined> {
      await tx
        .select({ id: discountCodes.id })
        .from(discountCodes)
        .where(eq(discountCodes.id, found.codeId))
        .for(strength);
      const [row] = await tx
        .select()
        .from(discounts)
        .where(eq(discounts.id, found.discountId))
        .for(strength);
      return row;
    },

    /** Uses of the code itself (a single-use code is used up by one). */
    async codeUses(tx: Database, codeId: string): Promise<number> {
      const [row] = await tx
        .select({ uses: discountCodes.uses })
        .from(discountCodes)
        .where(eq(discountCodes.id, codeId));
      return row?.uses ?? 0;
    },

    /** Holds not yet used nor expired at `now`, of the discount or of one of its codes. */
    async liveHolds(
      tx: Database,
      of: { discountId: string } | { codeId: string },
      now: Date,
    ): Promise<number> {
      const [row] = await tx
        .select({ count: count() })
        .from(discountRedemptions)
        .where(
          and(
            'discountId' in of
              ? eq(discountRedemptions.discountId, of.discountId)
              : eq(discountRedemptions.codeId, of.codeId),
            isNull(discountRedemptions.usedAt),
            gt(discountRedemptions.expiresAt, now),
          ),
        );
      return row?.count ?? 0;
    },

    async findRedemption(
      tx: Database,
      orderId: string,
    ): Promise<DiscountRedemptionRow | undefined> {
      const [row] = await tx
        .select()
        .from(discountRedemptions)
        .where(eq(discountRedemptions.orderId, orderId))
        .limit(1);
      return row;
    },

    /** Writes the order's hold, replacing an expired unused one of the same order. */
    async hold(
      tx: Database,
      values: Omit<DiscountRedemptionRow, 'usedAt' | 'createdAt'>,
    ): Promise<DiscountRedemptionRow> {
      await tx
        .delete(discountRedemptions)
        .where(
          and(eq(discountRedemptions.orderId, values.orderId), isNull(discountRedemptions.usedAt)),
        );
      const [row] = await tx.insert(discountRedemptions).values(values).returning();
      if (!row) throw new Error('insert returned no row');
      return row;
    },

    /** Frees the order's held use, if any (a used one stays). */
    async release(orderId: string): Promise<void> {
      await db
        .delete(discountRedemptions)
        .where(and(eq(discountRedemptions.orderId, orderId), isNull(discountRedemptions.usedAt)));
    },
  };
}

export type DiscountRepository = ReturnType<typeof createDiscountRepository>;
