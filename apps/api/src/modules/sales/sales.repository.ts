import type { SalesPeriod } from '@seller/contract/limits';
import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { localToday, startOfLocalDay } from '../../db/local-days.ts';
import { saleColumns, toSaleRow } from '../../db/sale-rows.ts';
import {
  type ProductRow,
  productSales,
  products,
  type SaleRow,
  sales,
  salesDaily,
  sellerSalesTotals,
} from '../../db/schema.ts';
import { parseRows, sqlInteger, sqlTimestamp } from '../../db/sql-values.ts';

type SalesDailyRow = typeof salesDaily.$inferSelect;
type ProductSalesRow = typeof productSales.$inferSelect;

/** Count, gross and net of some sales: a rollup's figures. */
export type Figures = Pick<SalesDailyRow, 'count' | 'amount' | 'net'>;

export type SaleListItem = SaleRow & { productTitle: ProductRow['title'] };

/** Where a keyset page starts: after this sale (exclusive), newest first. */
export interface SaleCursor {
  /** `purchased_at` as PostgreSQL prints it, so that microseconds survive the round trip. */
  purchasedAt: string;
  id: SaleRow['id'];
}

export type DailyFigures = Figures & Pick<SalesDailyRow, 'day'>;

export type ProductFigures = Figures & {
  productId: ProductRow['id'];
  title: ProductRow['title'];
  price: ProductRow['price'];
  lastSaleAt: ProductSalesRow['lastSaleAt'] | null;
};

const figuresColumns = { count: sqlInteger, amount: sqlInteger, net: sqlInteger };
const figuresRow = z.object(figuresColumns) satisfies z.ZodType<Figures>;
const noFigures: Figures = { count: 0, amount: 0, net: 0 };

const periodFiguresRow = figuresRow.extend({ period: z.enum(['total', 'month', 'today']) });

const dailyRow = figuresRow.extend({ day: z.string() }) satisfies z.ZodType<DailyFigures>;

const productFiguresRow = figuresRow
  .extend({
    product_id: z.string(),
    title: z.string(),
    price: sqlInteger,
    last_sale_at: sqlTimestamp.nullable(),
  })
  .transform(
    ({ product_id, title, price, last_sale_at, ...figures }): ProductFigures => ({
      productId: product_id,
      title,
      price,
      lastSaleAt: last_sale_at,
      ...figures,
    }),
  );

const countRow = z.object({ count: sqlInteger });

const seekRow = z.object({ day: z.string(), newer: sqlInteger });

/** A listed sale: every column of the sale, its product's title and its time as text. */
const saleListRow = saleColumns
  .extend({ product_title: z.string(), purchased_at_text: z.string() })
  .transform((row) => ({
    item: { ...toSaleRow(row), productTitle: row.product_title } satisfies SaleListItem,
    cursor: { purchasedAt: row.purchased_at_text, id: row.id } satisfies SaleCursor,
  }));

/** The columns of a listed sale, read from `s` (sales) joined with `p` (products). */
const saleListColumns = sql`s.*, s.purchased_at::text as purchased_at_text, p.title as product_title`;

/** A sales period as a range of local days (SQL date expressions); none for `all`. */
interface DayWindow {
  /** First local day of the period. */
  from: SQL;
  /** Last local day of the period: today. */
  to: SQL;
}

/** A period, or one local day (`YYYY-MM-DD`, the day a sale mail links to). */
export type SalesRange = SalesPeriod | { day: string };

function periodWindow(period: SalesRange, now: Date, timeZone: string): DayWindow | undefined {
  if (typeof period === 'object')
    return { from: sql`${period.day}::date`, to: sql`${period.day}::date` };
  const today = localToday(now, timeZone);
  switch (period) {
    case 'all':
      return undefined;
    case 'today':
      return { from: today, to: today };
    case 'week':
      return { from: sql`(${today} - 6)`, to: today };
    case 'month':
      return { from: sql`(date_trunc('month', ${today}::timestamp)::date)`, to: today };
  }
}

/**
 * Reads of the sales module. Counts and sums come from the rollups (`sales_daily`,
 * `product_sales`, `seller_sales_totals`), never from summing `sales` per request.
 */
export function createSalesRepository(db: Database, timeZone: string) {
  const windowOf = (period: SalesRange, now: Date) => periodWindow(period, now, timeZone);

  const dailyWithin = (window: DayWindow | undefined): SQL =>
    window ? sql` and day >= ${window.from} and day <= ${window.to}` : sql``;

  /** A timestamp column inside the window's local days. */
  const purchasedWithin = (column: SQL, window: DayWindow | undefined): SQL =>
    window
      ? sql` and ${column} >= ${startOfLocalDay(window.from, timeZone)} and ${column} < ${startOfLocalDay(sql`(${window.to} + 1)`, timeZone)}`
      : sql``;

  return {
    /** All time, this month and today, in one round trip. */
    async stats(
      sellerId: string,
      now: Date,
    ): Promise<Record<'total' | 'month' | 'today', Figures>> {
      const today = localToday(now, timeZone);
      const rows = parseRows(
        periodFiguresRow,
        await db.execute(sql`
          with today as (select ${today} as day)
          select 'total' as period, t.count, t.amount, t.net
            from ${sellerSalesTotals} t where t.seller_id = ${sellerId}
          union all
          select 'month', coalesce(sum(d.count), 0), coalesce(sum(d.amount), 0), coalesce(sum(d.net), 0)
            from ${salesDaily} d, today
            where d.seller_id = ${sellerId}
              and d.day >= date_trunc('month', today.day::timestamp)::date and d.day <= today.day
          union all
          select 'today', coalesce(sum(d.count), 0), coalesce(sum(d.amount), 0), coalesce(sum(d.net), 0)
            from ${salesDaily} d, today
            where d.seller_id = ${sellerId} and d.day = today.day`),
      );
      // A seller who never sold has no totals row.
      const find = (period: string): Figures => {
        const row = rows.find((candidate) => candidate.period === period);
        return row ? { count: row.count, amount: row.amount, net: row.net } : noFigures;
      };
      return { total: find('total'), month: find('month'), today: find('today') };
    },

    /** How many sales the period holds (from the rollups). */
    async countSales(sellerId: string, period: SalesRange, now: Date): Promise<number> {
      const window = windowOf(period, now);
      const result = window
        ? await db.execute(sql`select coalesce(sum(count), 0) as count from ${salesDaily}
            where seller_id = ${sellerId}${dailyWithin(window)}`)
        : await db.execute(
            sql`select count from ${sellerSalesTotals} where seller_id = ${sellerId}`,
          );
      return parseRows(countRow, result)[0]?.count ?? 0;
    },

    /**
     * One page, newest first, at any depth. The daily rollup tells which local day holds the
     * `offset`-th sale of the period, so the index scan starts at that day and skips only the
     * sales of that day, instead of every newer sale (a plain OFFSET over a million rows).
     */
    async listSales(
      sellerId: string,
      period: SalesRange,
      now: Date,
      offset: number,
      limit: number,
    ): Promise<SaleListItem[]> {
      const window = windowOf(period, now);
      const [seek] = parseRows(
        seekRow,
        await db.execute(sql`
          select day::text as day, running - count as newer from (
            select day, count, sum(count) over (order by day desc) as running
            from ${salesDaily} where seller_id = ${sellerId}${dailyWithin(window)}
          ) days
          where running > ${offset}
          order by day desc
          limit 1`),
      );
      if (!seek) return [];
      const skip = offset - seek.newer;
      const endOfDay = startOfLocalDay(sql`(${seek.day}::date + 1)`, timeZone);
      const result = await db.execute(sql`
        with page as (
          select id, purchased_at from ${sales}
          where seller_id = ${sellerId} and purchased_at < ${endOfDay}${purchasedWithin(sql`purchased_at`, window)}
          order by purchased_at desc nulls last, id desc nulls last
          offset ${skip} limit ${limit}
        )
        select ${saleListColumns}
        from page
        join ${sales} s on s.id = page.id
        join ${products} p on p.id = s.product_id
        order by page.purchased_at desc, page.id desc`);
      return parseRows(saleListRow, result).map((row) => row.item);
    },

    /** A keyset page for streaming (the export): the sales after `cursor`, newest first. */
    async salesAfter(
      sellerId: string,
      period: SalesPeriod,
      now: Date,
      cursor: SaleCursor | undefined,
      limit: number,
    ): Promise<{ items: SaleListItem[]; next: SaleCursor | undefined }> {
      const window = windowOf(period, now);
      const after = cursor
        ? sql` and (s.purchased_at, s.id) < (${cursor.purchasedAt}::timestamptz, ${cursor.id}::uuid)`
        : sql``;
      const rows = parseRows(
        saleListRow,
        await db.execute(sql`
          select ${saleListColumns}
          from ${sales} s
          join ${products} p on p.id = s.product_id
          where s.seller_id = ${sellerId}${purchasedWithin(sql`s.purchased_at`, window)}${after}
          order by s.purchased_at desc nulls last, s.id desc nulls last
          limit ${limit}`),
      );
      const last = rows.at(-1);
      return {
        items: rows.map((row) => row.item),
        next: last && rows.length === limit ? last.cursor : undefined,
      };
    },

    /** One row per local day from `days - 1` days ago to today, zero days included. */
    async daily(sellerId: string, now: Date, days: number): Promise<DailyFigures[]> {
      const today = localToday(now, timeZone);
      return parseRows(
        dailyRow,
        await db.execute(sql`
          select series.day::date::text as day,
                 coalesce(d.count, 0) as count, coalesce(d.amount, 0) as amount,
                 coalesce(d.net, 0) as net
          from generate_series((${today} - ${days - 1}::int)::timestamp, ${today}::timestamp,
                               interval '1 day') as series(day)
          left join ${salesDaily} d on d.seller_id = ${sellerId} and d.day = series.day::date
          order by series.day`),
      );
    },

    /** The seller's products (deleted ones only when they sold), best revenue first. */
    async byProduct(sellerId: string): Promise<ProductFigures[]> {
      return parseRows(
        productFiguresRow,
        await db.execute(sql`
          select p.id as product_id, p.title, p.price,
                 coalesce(ps.count, 0) as count, coalesce(ps.amount, 0) as amount,
                 coalesce(ps.net, 0) as net, ps.last_sale_at
          from ${products} p
          left join ${productSales} ps on ps.product_id = p.id
          where p.seller_id = ${sellerId} and (p.status <> 'deleted' or ps.count > 0)
          order by coalesce(ps.amount, 0) desc, p.created_at desc, p.id`),
      );
    },

    /**
     * The products with the most revenue of all time, best first: only products that sold
     * (deleted ones too), read from the per-product rollup.
     */
    async topProducts(sellerId: string, limit: number): Promise<ProductFigures[]> {
      return parseRows(
        productFiguresRow,
        await db.execute(sql`
          select p.id as product_id, p.title, p.price, ps.count, ps.amount, ps.net,
                 ps.last_sale_at
          from ${productSales} ps
          join ${products} p on p.id = ps.product_id
          where ps.seller_id = ${sellerId}
          order by ps.amount desc, ps.last_sale_at desc, p.id
          limit ${limit}`),
      );
    },

    /** Today's date (`yyyy-MM-dd`) in the configured time zone, for file names. */
    async today(now: Date): Promise<string> {
      const [row] = parseRows(
        z.object({ day: z.string() }),
        await db.execute(sql`select ${localToday(now, timeZone)}::text as day`),
      );
      if (!row) throw new Error('no date');
      return row.day;
    },
  };
}

export type SalesRepository = ReturnType<typeof createSalesRepository>;
