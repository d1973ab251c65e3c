import type { SalesPeriod } from '@seller/contract/limits';
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { type DayWindow, localToday, periodWindow, purchasedWithin } from './sales-periods.ts';
import { rowsOf, toDate, toInteger } from './sql-values.ts';

export interface Figures {
  count: number;
  amount: number;
  net: number;
}

export interface SaleListItem {
  id: string;
  purchasedAt: Date;
  orderId: string;
  productId: string;
  productTitle: string;
  customerEmail: string;
  paymentMethod: string;
  amount: number;
  commissionRate: number;
  commissionAmount: number;
  netAmount: number;
}

/** Where a keyset page starts: after this sale (exclusive), newest first. */
export interface SaleCursor {
  /** `purchased_at` as PostgreSQL prints it, so that microseconds survive the round trip. */
  purchasedAt: string;
  id: string;
}

export interface DailyFigures extends Figures {
  day: string;
}

export interface ProductFigures extends Figures {
  productId: string;
  title: string;
  price: number;
  lastSaleAt: Date | null;
}

interface FiguresRow {
  count: unknown;
  amount: unknown;
  net: unknown;
}

const toFigures = (row: FiguresRow | undefined): Figures => ({
  count: toInteger(row?.count),
  amount: toInteger(row?.amount),
  net: toInteger(row?.net),
});

interface SaleListRow extends FiguresRow {
  id: string;
  purchased_at: unknown;
  purchased_at_text: string;
  order_id: string;
  product_id: string;
  product_title: string;
  customer_email: string;
  payment_method: string;
  commission_rate_bp: unknown;
  commission_amount: unknown;
  net_amount: unknown;
}

const toSaleListItem = (row: SaleListRow): SaleListItem => ({
  id: row.id,
  purchasedAt: toDate(row.purchased_at),
  orderId: row.order_id,
  productId: row.product_id,
  productTitle: row.product_title,
  customerEmail: row.customer_email,
  paymentMethod: row.payment_method,
  amount: toInteger(row.amount),
  commissionRate: toInteger(row.commission_rate_bp),
  commissionAmount: toInteger(row.commission_amount),
  netAmount: toInteger(row.net_amount),
});

/** The columns of a listed sale, read from `s` (sales) joined with `p` (products). */
const saleListColumns = sql`s.id, s.purchased_at, s.purchased_at::text as purchased_at_text,
  s.order_id, s.product_id, p.title as product_title, s.customer_email, s.payment_method,
  s.amount, s.commission_rate_bp, s.commission_amount, s.net_amount`;

/**
 * Reads of the sales module. Counts and sums come from the rollups (`sales_daily`,
 * `product_sales`, `seller_sales_totals`), never from summing `sales` per request.
 */
export function createSalesRepository(db: Database, timeZone: string) {
  const windowOf = (period: SalesPeriod, now: Date) => periodWindow(period, now, timeZone);

  const dailyWithin = (window: DayWindow | undefined): SQL =>
    window ? sql` and day >= ${window.from} and day <= ${window.to}` : sql``;

  const salesWithin = (window: DayWindow | undefined): SQL =>
    window ? sql` and ${purchasedWithin(sql`purchased_at`, window, timeZone)}` : sql``;

  return {
    /** All time, this month and today, in one round trip. */
    async stats(
      sellerId: string,
      now: Date,
    ): Promise<Record<'total' | 'month' | 'today', Figures>> {
      const today = localToday(now, timeZone);
      const result = await db.execute(sql`
        with today as (select ${today} as day)
        select 'total' as period, t.count, t.amount, t.net
          from seller_sales_totals t where t.seller_id = ${sellerId}
        union all
        select 'month', coalesce(sum(d.count), 0), coalesce(sum(d.amount), 0), coalesce(sum(d.net), 0)
          from sales_daily d, today
          where d.seller_id = ${sellerId}
            and d.day >= date_trunc('month', today.day::timestamp)::date and d.day <= today.day
        union all
        select 'today', coalesce(sum(d.count), 0), coalesce(sum(d.amount), 0), coalesce(sum(d.net), 0)
          from sales_daily d, today
          where d.seller_id = ${sellerId} and d.day = today.day`);
      const rows = rowsOf<FiguresRow & { period: string }>(result);
      const find = (period: string) => toFigures(rows.find((row) => row.period === period));
      return { total: find('total'), month: find('month'), today: find('today') };
    },

    /** How many sales the period holds (from the rollups). */
    async countSales(sellerId: string, period: SalesPeriod, now: Date): Promise<number> {
      const window = windowOf(period, now);
      const result = window
        ? await db.execute(sql`select coalesce(sum(count), 0) as count from sales_daily
            where seller_id = ${sellerId}${dailyWithin(window)}`)
        : await db.execute(
            sql`select count from seller_sales_totals where seller_id = ${sellerId}`,
          );
      return toInteger(rowsOf<{ count: unknown }>(result)[0]?.count);
    },

    /**
     * One page, newest first, at any depth. The daily rollup tells which local day holds the
     * `offset`-th sale of the period, so the index scan starts at that day and skips only the
     * sales of that day, instead of every newer sale (a plain OFFSET over a million rows).
     */
    async listSales(
      sellerId: string,
      period: SalesPeriod,
      now: Date,
      offset: number,
      limit: number,
    ): Promise<SaleListItem[]> {
      const window = windowOf(period, now);
      const seek = rowsOf<{ day: string; newer: unknown }>(
        await db.execute(sql`
          select day::text as day, running - count as newer from (
            select day, count, sum(count) over (order by day desc) as running
            from sales_daily where seller_id = ${sellerId}${dailyWithin(window)}
          ) days
          where running > ${offset}
          order by day desc
          limit 1`),
      )[0];
      if (!seek) return [];
      const skip = offset - toInteger(seek.newer);
      const endOfDay = sql`((${seek.day}::date + 1)::timestamp at time zone ${timeZone})`;
      const result = await db.execute(sql`
        with page as (
          select id, purchased_at from sales
          where seller_id = ${sellerId} and purchased_at < ${endOfDay}${salesWithin(window)}
          order by purchased_at desc nulls last, id desc nulls last
          offset ${skip} limit ${limit}
        )
        select ${saleListColumns}
        from page
        join sales s on s.id = page.id
        join products p on p.id = s.product_id
        order by page.purchased_at desc, page.id desc`);
      return rowsOf<SaleListRow>(result).map(toSaleListItem);
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
      const within = window
        ? sql` and ${purchasedWithin(sql`s.purchased_at`, window, timeZone)}`
        : sql``;
      const rows = rowsOf<SaleListRow>(
        await db.execute(sql`
          select ${saleListColumns}
          from sales s
          join products p on p.id = s.product_id
          where s.seller_id = ${sellerId}${within}${after}
          order by s.purchased_at desc nulls last, s.id desc nulls last
          limit ${limit}`),
      );
      const last = rows.at(-1);
      return {
        items: rows.map(toSaleListItem),
        next:
          last && rows.length === limit
            ? { purchasedAt: last.purchased_at_text, id: last.id }
            : undefined,
      };
    },

    /** One row per local day from `days - 1` days ago to today, zero days included. */
    async daily(sellerId: string, now: Date, days: number): Promise<DailyFigures[]> {
      const today = localToday(now, timeZone);
      const result = await db.execute(sql`
        select series.day::date::text as day,
               coalesce(d.count, 0) as count, coalesce(d.amount, 0) as amount,
               coalesce(d.net, 0) as net
        from generate_series((${today} - ${days - 1}::int)::timestamp, ${today}::timestamp,
                             interval '1 day') as series(day)
        left join sales_daily d on d.seller_id = ${sellerId} and d.day = series.day::date
        order by series.day`);
      return rowsOf<FiguresRow & { day: string }>(result).map((row) => ({
        day: row.day,
        ...toFigures(row),
      }));
    },

    /** The seller's products (deleted ones only when they sold), best revenue first. */
    async byProduct(sellerId: string): Promise<ProductFigures[]> {
      const result = await db.execute(sql`
        select p.id as product_id, p.title, p.price,
               coalesce(ps.count, 0) as count, coalesce(ps.amount, 0) as amount,
               coalesce(ps.net, 0) as net, ps.last_sale_at
        from products p
        left join product_sales ps on ps.product_id = p.id
        where p.seller_id = ${sellerId} and (p.status <> 'deleted' or ps.count > 0)
        order by coalesce(ps.amount, 0) desc, p.created_at desc, p.id`);
      return rowsOf<
        FiguresRow & { product_id: string; title: string; price: unknown; last_sale_at: unknown }
      >(result).map((row) => ({
        productId: row.product_id,
        title: row.title,
        price: toInteger(row.price),
        lastSaleAt: row.last_sale_at === null ? null : toDate(row.last_sale_at),
        ...toFigures(row),
      }));
    },

    /** Today's date (`yyyy-MM-dd`) in the configured time zone, for file names. */
    async today(now: Date): Promise<string> {
      const result = await db.execute(sql`select ${localToday(now, timeZone)}::text as day`);
      const day = rowsOf<{ day: string }>(result)[0]?.day;
      if (!day) throw new Error('no date');
      return day;
    },
  };
}

export type SalesRepository = ReturnType<typeof createSalesRepository>;
