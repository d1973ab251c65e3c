import { and, desc, eq, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { DataAccess, Database } from '../../db/client.ts';
import { holdLedgerForPayout, ledgerTime } from '../../db/ledger-order.ts';
import { isoTimestamp, startOfLocalDay } from '../../db/local-days.ts';
import {
  type LedgerEntryType,
  ledgerEntries,
  ledgerEntryTypes,
  type PayoutRow,
  payouts,
  products,
  sales,
  sellers,
} from '../../db/schema.ts';
import { integerLiteral, parseRows, sqlInteger, sqlTimestamp } from '../../db/sql-values.ts';

export type NewPayout = Pick<
  typeof payouts.$inferInsert,
  'payoutId' | 'sellerId' | 'amount' | 'method' | 'reference' | 'paidAt'
>;

/** A ledger entry as the API lists it; `at` is ISO 8601 text in UTC, as PostgreSQL wrote it. */
export interface LedgerRow {
  id: string;
  type: LedgerEntryType;
  at: string;
  orderId: string | null;
  productTitle: string | null;
  gross: number;
  commission: number;
  net: number;
  balanceAfter: number;
}

/**
 * Where a keyset page of the ledger stops: the last entry's time as PostgreSQL prints it (so
 * that microseconds survive the round trip) and its id.
 */
export interface LedgerCursor {
  at: string;
  id: string;
}

/** Which way a keyset read of the ledger runs. */
export type LedgerOrder = 'newest first' | 'oldest first';

/** Local days (`YYYY-MM-DD` in TIME_ZONE), both included; either may be open. */
export interface DayRange {
  from?: string | undefined;
  to?: string | undefined;
}

const ledgerRow = z
  .object({
    id: z.string(),
    type: z.enum(ledgerEntryTypes),
    at_text: z.string(),
    order_id: z.string().nullable(),
    product_title: z.string().nullable(),
    gross: sqlInteger,
    commission: sqlInteger,
    net: sqlInteger,
    balance_after: sqlInteger,
  })
  .transform(
    (row): LedgerRow => ({
      id: row.id,
      type: row.type,
      at: row.at_text,
      orderId: row.order_id,
      productTitle: row.product_title,
      gross: row.gross,
      commission: row.commission,
      net: row.net,
      balanceAfter: row.balance_after,
    }),
  );

const balanceRow = z.object({
  balance: sqlInteger,
  sales: sqlInteger,
  commission: sqlInteger,
  refunds: sqlInteger,
  payouts: sqlInteger,
  last_payout_at: sqlTimestamp.nullable(),
});

const countRow = z.object({ total: sqlInteger });

const dueRow = z.object({
  seller_id: z.string(),
  nickname: z.string().nullable(),
  email: z.string(),
  balance: sqlInteger,
});

/**
 * The seller's ledger with each entry's balance once it is counted (`balance_after`, the running
 * sum of `net` in (`at`, `id`) order over the whole ledger) and, for sales, refunds and
 * chargebacks, the product's title: `entries` for the rest of the statement to read.
 */
function withLedger(sellerId: string): SQL {
  return sql`with entries as (
      select e.id, e.type, e.at, e.order_id, e.sale_id, e.gross, e.commission, e.net,
             sum(e.net) over (order by e.at, e.id rows between unbounded preceding and current row)
               as balance_after
      from ${ledgerEntries} e
      where e.seller_id = ${sellerId}
    )`;
}

/** The columns of a listed entry, read from `entries` (`en`) joined with its sale's product. */
const ledgerColumns = sql`en.id, en.type, ${isoTimestamp(sql`en.at`)} as at_text, en.order_id,
  p.title as product_title, en.gross, en.commission, en.net, en.balance_after`;

const productOfEntry = sql`left join ${sales} s on s.id = en.sale_id
  left join ${products} p on p.id = s.product_id`;

/** Entries of `en` whose local day is within the range. */
function inDays(range: DayRange, timeZone: string): SQL {
  const bounds: SQL[] = [sql`true`];
  if (range.from !== undefined) {
    bounds.push(sql`en.at >= ${startOfLocalDay(sql`${range.from}::date`, timeZone)}`);
  }
  if (range.to !== undefined) {
    bounds.push(sql`en.at < ${startOfLocalDay(sql`${range.to}::date + 1`, timeZone)}`);
  }
  return sql.join(bounds, sql` and `);
}

export function createPayoutRepository(
  { db, transaction }: Pick<DataAccess, 'db' | 'transaction'>,
  timeZone: string,
) {
  return {
    /** Runs work in one transaction (the database handle's). */
    transaction,

    /**
     * Holds the seller's ledger for this payout alone until the transaction ends: two payouts
     * of one seller never both read the balance before either is written, and a sale or refund
     * is either committed before the balance is read or placed after the payout
     * (`db/ledger-order.ts`).
     */
    async holdLedger(tx: Database, sellerId: string): Promise<void> {
      await tx.execute(holdLedgerForPayout(sellerId));
    },

    async sellerExists(sellerId: string, executor: Database = db): Promise<boolean> {
      const rows = await executor
        .select({ id: sellers.id })
        .from(sellers)
        .where(eq(sellers.id, sellerId))
        .limit(1);
      return rows.length > 0;
    },

    async balanceOf(sellerId: string, executor: Database = db): Promise<number> {
      const [row] = parseRows(
        z.object({ balance: sqlInteger }),
        await executor.execute(sql`select coalesce(sum(net), 0) as balance
          from ${ledgerEntries} where seller_id = ${sellerId}`),
      );
      return row?.balance ?? 0;
    },

    /** Balance, the totals it is made of, and the last payout's time. */
    async summary(sellerId: string) {
      const [row] = parseRows(
        balanceRow,
        await db.execute(sql`
          select coalesce(sum(net), 0) as balance,
                 coalesce(sum(gross) filter (where type = 'sale'), 0) as sales,
                 coalesce(sum(commission), 0) as commission,
                 coalesce(-sum(gross) filter (where type in ('refund', 'chargeback')), 0) as refunds,
                 coalesce(-sum(gross) filter (where type = 'payout'), 0) as payouts,
                 (select max(paid_at) from ${payouts} where seller_id = ${sellerId})
                   as last_payout_at
          from ${ledgerEntries} where seller_id = ${sellerId}`),
      );
      if (!row) throw new Error('the balance query returned no row');
      return row;
    },

    /** One page of the ledger within the range, newest first. */
    async ledgerPage(
      sellerId: string,
      range: DayRange,
      page: { offset: number; limit: number },
    ): Promise<LedgerRow[]> {
      return parseRows(
        ledgerRow,
        await db.execute(sql`${withLedger(sellerId)}
          select ${ledgerColumns} from entries en ${productOfEntry}
          where ${inDays(range, timeZone)}
          order by en.at desc, en.id desc
          limit ${integerLiteral(page.limit)} offset ${page.offset}`),
      );
    },

    /**
     * The entries within the range after `cursor` (none: from the start) in `order`, at most
     * `limit`, and the cursor of the next page when there may be one. A keyset: an entry
     * written between two pages never shifts the next one, so none is listed twice or left out.
     */
    async ledgerAfter(
      sellerId: string,
      range: DayRange,
      order: LedgerOrder,
      cursor: LedgerCursor | undefined,
      limit: number,
    ): Promise<{ entries: LedgerRow[]; next: LedgerCursor | undefined }> {
      const newest = order === 'newest first';
      const after = cursor
        ? newest
          ? sql`and (en.at, en.id) < (${cursor.at}::timestamptz, ${cursor.id}::uuid)`
          : sql`and (en.at, en.id) > (${cursor.at}::timestamptz, ${cursor.id}::uuid)`
        : sql``;
      const rows = parseRows(
        ledgerRow.and(z.object({ at_key: z.string() })),
        await db.execute(sql`${withLedger(sellerId)}
          select ${ledgerColumns}, en.at::text as at_key
          from entries en ${productOfEntry}
          where ${inDays(range, timeZone)} ${after}
          order by ${newest ? sql`en.at desc, en.id desc` : sql`en.at, en.id`}
          limit ${integerLiteral(limit)}`),
      );
      const last = rows.at(-1);
      return {
        entries: rows.map(({ at_key: _key, ...entry }) => entry),
        next: last && rows.length === limit ? { at: last.at_key, id: last.id } : undefined,
      };
    },

    async countLedger(sellerId: string, range: DayRange): Promise<number> {
      const [row] = parseRows(
        countRow,
        await db.execute(sql`select count(*) as total from ${ledgerEntries} en
          where en.seller_id = ${sellerId} and ${inDays(range, timeZone)}`),
      );
      return row?.total ?? 0;
    },

    /**
     * The entries of a payout's statement, oldest first: after the seller's previous payout up
     * to and including this one; and the previous payout's time (null for the first payout).
     */
    async statementEntries(
      sellerId: string,
      payoutRowId: string,
    ): Promise<{ entries: LedgerRow[]; previousAt: string | null }> {
      const rows = parseRows(
        ledgerRow.and(z.object({ previous_at: z.string().nullable() })),
        await db.execute(sql`${withLedger(sellerId)},
          this_payout as (
            select at, id from entries where id = ${payoutRowId} and type = 'payout'
          ),
          previous_payout as (
            select en.at, en.id from entries en, this_payout t
            where en.type = 'payout' and (en.at, en.id) < (t.at, t.id)
            order by en.at desc, en.id desc limit 1
          )
          select ${ledgerColumns},
                 (select ${isoTimestamp(sql`at`)} from previous_payout) as previous_at
          from entries en cross join this_payout t ${productOfEntry}
          where (en.at, en.id) <= (t.at, t.id)
            and not exists (select 1 from previous_payout pp where (en.at, en.id) <= (pp.at, pp.id))
          order by en.at, en.id`),
      );
      return { entries: rows, previousAt: rows[0]?.previous_at ?? null };
    },

    listPayouts(sellerId: string, page: { offset: number; limit: number }): Promise<PayoutRow[]> {
      return db
        .select()
        .from(payouts)
        .where(eq(payouts.sellerId, sellerId))
        .orderBy(desc(payouts.createdAt), desc(payouts.id))
        .limit(page.limit)
        .offset(page.offset);
    },

    async countPayouts(sellerId: string): Promise<number> {
      const [row] = await db
        .select({ total: sql<number>`count(*)::int` })
        .from(payouts)
        .where(eq(payouts.sellerId, sellerId));
      return row?.total ?? 0;
    },

    async findOwnedPayout(sellerId: string, id: string): Promise<PayoutRow | undefined> {
      const [row] = await db
        .select()
        .from(payouts)
        .where(and(eq(payouts.id, id), eq(payouts.sellerId, sellerId)))
        .limit(1);
      return row;
    },

    async findByPayoutId(
      payoutId: string,
      executor: Database = db,
    ): Promise<PayoutRow | undefined> {
      const [row] = await executor
        .select()
        .from(payouts)
        .where(eq(payouts.payoutId, payoutId))
        .limit(1);
      return row;
    },

    /**
     * Writes the payout unless its id is already recorded (none returned then). Its ledger time
     * is the moment of writing, after the lock, not the transaction's start: the statement of
     * a payout then follows the order in which balances were checked.
     */
    async insertPayout(tx: Database, values: NewPayout): Promise<PayoutRow | undefined> {
      const [row] = await tx
        .insert(payouts)
        .values({ ...values, createdAt: ledgerTime })
        .onConflictDoNothing({ target: payouts.payoutId })
        .returning();
      return row;
    },

    /**
     * Sellers whose balance is at least `minAmount`, largest first. A deleted account is never
     * listed: it can no longer be paid (its email and payout details are erased).
     */
    async dueSellers(minAmount: number) {
      return parseRows(
        dueRow,
        await db.execute(sql`
          select s.id as seller_id, s.nickname, s.email, b.balance
          from (
            select seller_id, sum(net) as balance from ${ledgerEntries}
            group by seller_id having sum(net) >= ${minAmount}
          ) b join ${sellers} s on s.id = b.seller_id
          where s.deleted_at is null
          order by b.balance desc, s.id`),
      );
    },
  };
}

export type PayoutRepository = ReturnType<typeof createPayoutRepository>;
