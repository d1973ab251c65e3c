import type { DiscountStatus } from '@seller/contract/discounts/discount';
import { and, asc, count, desc, eq, gt, inArray, isNull, ne, type SQL, sql } from 'drizzle-orm';
import type { DataAccess, Database } from '../../db/client.ts';
import type { RawRow } from '../../db/hot-statements.ts';
import {
  type DiscountCodeRow,
  type DiscountRedemptionRow,
  type DiscountRow,
  discountCodes,
  discountRedemptions,
  discounts,
  products,
} from '../../db/schema.ts';
import { column } from '../../db/sql-values.ts';

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

/**
 * A code as a redeem or a check first reads it, without a lock: what its rules need, and whether
 * the order already holds a use (of any code).
 */
export interface CodeAtFirstSight {
  codeId: string;
  code: string;
  singleUse: boolean;
  discount: Pick<
    DiscountRow,
    | 'id'
    | 'kind'
    | 'percent'
    | 'amount'
    | 'productIds'
    | 'maxUses'
    | 'startsAt'
    | 'endsAt'
    | 'minAmount'
  >;
  orderHolds: boolean;
}

function codeAtFirstSightOf(row: RawRow): CodeAtFirstSight {
  const productIds = column.nullableTexts(row, 'product_ids');
  if (productIds === null) throw new Error('column product_ids: null');
  const kind = column.text(row, 'kind');
  if (kind !== 'percent' && kind !== 'fixed') throw new Error(`column kind: ${kind}`);
  return {
    codeId: column.text(row, 'code_id'),
    code: column.text(row, 'code'),
    singleUse: column.boolean(row, 'single_use'),
    discount: {
      id: column.text(row, 'discount_id'),
      kind,
      percent: column.nullableInteger(row, 'percent'),
      amount: column.nullableInteger(row, 'amount'),
      productIds,
      maxUses: column.nullableInteger(row, 'max_uses'),
      startsAt: column.nullableTimestamp(row, 'starts_at'),
      endsAt: column.nullableTimestamp(row, 'ends_at'),
      minAmount: column.integer(row, 'min_amount'),
    },
    orderHolds: column.boolean(row, 'order_holds'),
  };
}

export function createDiscountRepository({ db, statements, transaction }: DataAccess) {
  /**
   * The member site's redeems and checks of a code that takes no turns (no limit, not single-use)
   * are the busy ones: a flash sale's code, or a shop's welcome code. They run two hot
   * statements and no transaction: this read, then `holdAsRead`.
   */
  const findCodeForProduct = statements.prepare(
    'discount_code_for_product',
    sql`select c.id as code_id, c.code, c.single_use, d.id as discount_id, d.kind, d.percent,
               d.amount, d.product_ids, d.max_uses, d.starts_at, d.ends_at, d.min_amount,
               exists (select from ${discountRedemptions} r
                       where r.order_id = ${sql.placeholder('orderId')}) as order_holds
        from ${products} p
        join ${discountCodes} c on c.seller_id = p.seller_id
        join ${discounts} d on d.id = c.discount_id
        where p.id = ${sql.placeholder('productId')} and p.status <> 'deleted'
          and c.code = ${sql.placeholder('code')} and not c.archived
          and d.archived_at is null`,
    codeAtFirstSightOf,
  );

  /**
   * Writes the order's hold if the code and its discount are, once locked, still as read: not
   * archived, without a limit, the same rules and value. The code's row is locked before the
   * discount's, in the order a purchase locks them (`lockCodeAndDiscount`), each `for key share`
   * as a redeem that takes no turns locks them.
   */
  const holdAsRead = statements.prepare(
    'discount_hold_as_read',
    sql`with code as (
          select id from ${discountCodes}
          where id = ${sql.placeholder('codeId')} and code = ${sql.placeholder('code')}
            and not archived and not single_use
          for key share
        ), discount as (
          select id from ${discounts}
          where id = ${sql.placeholder('discountId')} and exists (select from code)
            and archived_at is null and max_uses is null
            and kind = ${sql.placeholder('kind')}
            and percent is not distinct from ${sql.placeholder('percent')}::int
            and amount is not distinct from ${sql.placeholder('discountValue')}::bigint
            and product_ids = ${sql.placeholder('productIds')}::uuid[]
            and starts_at is not distinct from ${sql.placeholder('startsAt')}::timestamptz
            and ends_at is not distinct from ${sql.placeholder('endsAt')}::timestamptz
            and min_amount = ${sql.placeholder('minAmount')}::bigint
          for key share
        )
        insert into ${discountRedemptions} (order_id, discount_id, code_id, code, product_id,
          amount, discount_amount, final_amount, expires_at)
        select ${sql.placeholder('orderId')}::text, discount.id, ${sql.placeholder('codeId')}::uuid,
               ${sql.placeholder('code')}::text, ${sql.placeholder('productId')}::uuid,
               ${sql.placeholder('amount')}::bigint, ${sql.placeholder('discountAmount')}::bigint,
               ${sql.placeholder('finalAmount')}::bigint,
               ${sql.placeholder('expiresAt')}::timestamptz
        from discount
        returning order_id`,
    (row) => column.text(row, 'order_id'),
    { locks: true },
  );

  return {
    transaction,

    /**
     * The seller's code with these letters for the product (not archived, its discount not
     * archived), read without a lock, and whether `orderId` already holds a use.
     */
    async findCodeForProduct(input: {
      productId: string;
      code: string;
      orderId: string | null;
    }): Promise<CodeAtFirstSight | undefined> {
      const [row] = await findCodeForProduct({
        productId: input.productId,
        code: input.code,
        orderId: input.orderId,
      });
      return row;
    },

    /**
     * The hold of a code that takes no turns, written by one statement; false (nothing written)
     * when the code or its discount changed since `found` was read.
     */
    async holdAsRead(
      found: CodeAtFirstSight,
      hold: Pick<
        DiscountRedemptionRow,
        'orderId' | 'productId' | 'amount' | 'discountAmount' | 'finalAmount' | 'expiresAt'
      >,
    ): Promise<boolean> {
      const { discount } = found;
      const rows = await holdAsRead({
        codeId: found.codeId,
        code: found.code,
        discountId: discount.id,
        kind: discount.kind,
        percent: discount.percent,
        discountValue: discount.amount,
        productIds: discount.productIds,
        startsAt: discount.startsAt?.toISOString() ?? null,
        endsAt: discount.endsAt?.toISOString() ?? null,
        minAmount: discount.minAmount,
        orderId: hold.orderId,
        productId: hold.productId,
        amount: hold.amount,
        discountAmount: hold.discountAmount,
        finalAmount: hold.finalAmount,
        expiresAt: hold.expiresAt.toISOString(),
      });
      return rows.length === 1;
    },

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
