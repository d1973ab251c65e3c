import { limits, type SalesPeriod } from '@seller/contract/limits';
import type { DailySalesRow } from '@seller/contract/sales/get-daily-sales';
import type { ProductSalesRow as ProductSalesEntry } from '@seller/contract/sales/get-sales-by-product';
import type { Transaction } from '@seller/contract/sales/get-transactions';
import { type SQL, sql } from 'drizzle-orm';
import type { HotStatements, RawRow } from '../../db/hot-statements.ts';
import { isoTimestamp, localToday, startOfLocalDay } from '../../db/local-days.ts';
import { discountOfSaleRow, fullyRefunded } from '../../db/sale-rows.ts';
import {
  type ProductRow,
  productSales,
  products,
  type SaleRow,
  sales,
  salesDaily,
  sellerSalesTotals,
} from '../../db/schema.ts';
import { column, integerLiteral } from '../../db/sql-values.ts';
import { type JsonText, jsonText } from '../../lib/json-text.ts';

type SalesDailyRow = typeof salesDaily.$inferSelect;
type ProductSalesRow = typeof productSales.$inferSelect;

/** Count, gross and net of some sales: a rollup's figures. */
export type Figures = Pick<SalesDailyRow, 'count' | 'amount' | 'net'>;

/** A listed sale: its time is ISO 8601 text in UTC, as PostgreSQL wrote it (no `Date` in between). */
export type SaleListItem = Omit<
  SaleRow,
  | 'createdAt'
  | 'purchasedAt'
  | 'sellerId'
  | 'lastDownloadAt'
  | 'buyerName'
  | 'marketingConsent'
  | 'utmSource'
  | 'utmMedium'
> & {
  purchasedAt: string;
  lastDownloadAt: string | null;
  productTitle: ProductRow['title'];
};

/** Where a keyset page starts: after this sale (exclusive), newest first. */
export interface SaleCursor {
  /** `purchased_at` as PostgreSQL prints it, so that microseconds survive the round trip. */
  purchasedAt: string;
  id: SaleRow['id'];
}

export type ProductFigures = Figures & {
  productId: ProductRow['id'];
  title: ProductRow['title'];
  price: ProductRow['price'];
  lastSaleAt: ProductSalesRow['lastSaleAt'] | null;
};

const noFigures: Figures = { count: 0, amount: 0, net: 0 };

const figuresOf = (row: RawRow): Figures => ({
  count: column.integer(row, 'count'),
  amount: column.integer(row, 'amount'),
  net: column.integer(row, 'net'),
});

const productFiguresOf = (row: RawRow): ProductFigures => {
  const lastSaleAt = column.nullableText(row, 'last_sale_at');
  return {
    productId: column.text(row, 'product_id'),
    title: column.text(row, 'title'),
    price: column.integer(row, 'price'),
    lastSaleAt: lastSaleAt === null ? null : new Date(lastSaleAt),
    ...figuresOf(row),
  };
};

/** A listed sale: the sale and its product's title. */
const saleListOf = (row: RawRow): SaleListItem => ({
  id: column.text(row, 'id'),
  orderId: column.text(row, 'order_id'),
  productId: column.text(row, 'product_id'),
  customerEmail: column.text(row, 'customer_email'),
  paymentMethod: column.text(row, 'payment_method'),
  amount: column.integer(row, 'amount'),
  commissionRate: column.integer(row, 'commission_rate_bp'),
  commissionAmount: column.integer(row, 'commission_amount'),
  netAmount: column.integer(row, 'net_amount'),
  refundedAmount: column.integer(row, 'refunded_amount'),
  refundedCommission: column.integer(row, 'refunded_commission'),
  downloadCount: column.integer(row, 'download_count'),
  lastDownloadAt: column.nullableText(row, 'last_download_at'),
  purchasedAt: column.text(row, 'purchased_at'),
  productTitle: column.text(row, 'product_title'),
  ...discountOfSaleRow(row),
  buyerCountry: column.nullableText(row, 'buyer_country'),
  buyerLocale: column.nullableText(row, 'buyer_locale'),
  source: column.nullableText(row, 'source'),
  utmCampaign: column.nullableText(row, 'utm_campaign'),
});

/** A listed sale and where the next keyset page starts after it (the export's pages). */
const saleWithCursorOf = (row: RawRow): { item: SaleListItem; cursor: SaleCursor } => {
  const item = saleListOf(row);
  return { item, cursor: { purchasedAt: column.text(row, 'purchased_at_text'), id: item.id } };
};

/** The columns of `sales` that a listed sale reads. */
const saleStoredColumns = sql`id, order_id, product_id, customer_email, payment_method, amount,
  commission_rate_bp, commission_amount, net_amount, refunded_amount, refunded_commission,
  download_count, last_download_at, purchased_at, discount_code, list_amount, discount_amount,
  discount_over_limit, buyer_country, buyer_locale, source, utm_campaign`;

/**
 * The columns of a listed sale, read from `s` (sales) joined with `p` (products): only what a
 * listed sale shows (each column is decoded for every row of every page).
 */
const saleListColumns = sql`s.id, s.order_id, s.product_id, s.customer_email,
  s.payment_method, s.amount, s.commission_rate_bp, s.commission_amount, s.net_amount,
  s.refunded_amount, s.refunded_commission, s.download_count,
  ${isoTimestamp(sql`s.last_download_at`)} as last_download_at,
  ${isoTimestamp(sql`s.purchased_at`)} as purchased_at, p.title as product_title,
  s.discount_code, s.list_amount, s.discount_amount, s.discount_over_limit,
  s.buyer_country, s.buyer_locale, s.source, s.utm_campaign`;

/** A listed sale's columns and its time as PostgreSQL prints it, the keyset cursor's. */
const saleWithCursorColumns = sql`${saleListColumns}, s.purchased_at::text as purchased_at_text`;

/**
 * A listed sale as the contract's `Transaction`, written as JSON by PostgreSQL from `s` (sales)
 * and `p` (products): the columns are named as the contract's fields, and a row of them becomes
 * one compact JSON object. Reading a page's 500 fields one by one into objects and writing them
 * out again cost the server more CPU than PostgreSQL spent finding the page
 * (docs/decisions/062-sales-lists-written-as-json-by-postgresql.md). `toTransaction` writes the
 * same object from a row; `sales-list-json.test.ts` keeps the two the same.
 */
const transactionRecord = sql`(select t from (select
  s.id as purchase_id, ${isoTimestamp(sql`s.purchased_at`)} as purchase_date, s.order_id,
  s.product_id, p.title as product_title, s.customer_email, s.payment_method,
  s.amount as purchase_price, s.commission_rate_bp as commission_rate, s.commission_amount,
  s.net_amount,
  case when s.refunded_amount <= 0 then 'paid'
       when ${fullyRefunded('s')} then 'refunded'
       else 'partially_refunded' end as status,
  s.refunded_amount, s.download_count,
  ${isoTimestamp(sql`s.last_download_at`)} as last_download_at, s.discount_code, s.list_amount,
  s.discount_amount, s.discount_over_limit, s.buyer_country, s.buyer_locale, s.source,
  s.utm_campaign) t)`;

/** The JSON array of the listed sales `s` (with their products `p`), newest first. */
const transactionsJson = sql`coalesce(json_agg(${transactionRecord}
  order by s.purchased_at desc, s.id desc), '[]')::text`;

const transactionsOf = (row: RawRow): JsonText<Transaction[]> =>
  jsonText<Transaction[]>(column.text(row, 'transactions'));

/** A sales period as a range of local days (SQL date expressions); none for `all`. */
interface DayWindow {
  /** First local day of the period. */
  from: SQL;
  /** Last local day of the period: today. */
  to: SQL;
  /** `from` and `to` are the same day (today, or a day asked for). */
  oneDay: boolean;
}

/** A period, or one local day (`YYYY-MM-DD`, the day a sale mail links to). */
export type SalesRange = SalesPeriod | { day: string };

/** Which prepared statement serves a range: each period, and any single day. */
type RangeKind = SalesPeriod | 'day';

const rangeKind = (range: SalesRange): RangeKind => (typeof range === 'object' ? 'day' : range);

/**
 * The range's days in SQL, from the statement's placeholders: `now` (the instant whose local day
 * is today) and `day` (a single day).
 */
function rangeWindow(kind: RangeKind, timeZone: string): DayWindow | undefined {
  if (kind === 'day') {
    const day = sql`${sql.placeholder('day')}::date`;
    return { from: day, to: day, oneDay: true };
  }
  const today = localToday(sql.placeholder('now'), timeZone);
  switch (kind) {
    case 'all':
      return undefined;
    case 'today':
      return { from: today, to: today, oneDay: true };
    case 'week':
      return { from: sql`(${today} - 6)`, to: today, oneDay: false };
    case 'month':
      return {
        from: sql`(date_trunc('month', ${today}::timestamp)::date)`,
        to: today,
        oneDay: false,
      };
  }
}

/**
 * Reads of the sales module. Counts and sums come from the rollups (`sales_daily`,
 * `product_sales`, `seller_sales_totals`), never from summing `sales` per request. Every read is
 * a hot statement (`HotStatements`, prepared under its name), one per kind of range where the range
 * changes the statement, written so that PostgreSQL keeps one plan for it after its first calls
 * rather than planning it anew each time (`hot-read-plans.postgres.test.ts`): no LIMIT over a
 * seller's sales that is only a parameter, no day written as two bounds.
 */
export function createSalesRepository(statements: HotStatements, timeZone: string) {
  const sellerId = sql.placeholder('sellerId');

  // A window of one day is written as an equality: PostgreSQL costs two bounds it cannot see as
  // wider than one day, and kept planning such a statement anew on each call.
  const dailyWithin = (window: DayWindow | undefined): SQL => {
    if (!window) return sql``;
    if (window.oneDay) return sql` and day = ${window.from}`;
    return sql` and day >= ${window.from} and day <= ${window.to}`;
  };

  /** A timestamp column inside the window's local days. */
  const purchasedWithin = (timestamp: SQL, window: DayWindow | undefined): SQL =>
    window
      ? sql` and ${timestamp} >= ${startOfLocalDay(window.from, timeZone)} and ${timestamp} < ${startOfLocalDay(sql`(${window.to} + 1)`, timeZone)}`
      : sql``;

  /** Statements built on first use, one per name. */
  const built = new Map<string, (values: Record<string, unknown>) => Promise<unknown[]>>();
  function statement<Row>(name: string, build: () => SQL, read: (row: RawRow) => Row) {
    let run = built.get(name);
    if (!run) {
      run = statements.prepare(name, build(), read);
      built.set(name, run);
    }
    return run as (values: Record<string, unknown>) => Promise<Row[]>;
  }

  const rangeValues = (range: SalesRange, now: Date) => ({
    now: now.toISOString(),
    day: typeof range === 'object' ? range.day : null,
  });

  const today = localToday(sql.placeholder('now'), timeZone);
  const todayText = statements.prepare('sales_today', sql`select ${today}::text as day`, (row) =>
    column.text(row, 'day'),
  );
  const firstDay = sql`(${today} - ${sql.placeholder('days')}::int + 1)`;

  const stats = statements.prepare(
    'sales_stats',
    sql`
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
        where d.seller_id = ${sellerId} and d.day = today.day`,
    (row) => ({ period: column.text(row, 'period'), ...figuresOf(row) }),
  );

  // The rollup's rows are bounded to the days asked for, so that PostgreSQL reads those days
  // only (an index range), not every day the seller ever sold.
  const dailyRows = sql`
      select series.day::date::text as day,
             coalesce(d.count, 0) as count, coalesce(d.amount, 0) as amount,
             coalesce(d.net, 0) as net
      from generate_series(${firstDay}::timestamp, ${today}::timestamp, interval '1 day')
        as series(day)
      left join ${salesDaily} d on d.seller_id = ${sellerId} and d.day = series.day::date
        and d.day >= ${firstDay} and d.day <= ${today}`;
  // The chart's days come back as one row: the contract's JSON of every day, in order, written
  // by PostgreSQL (docs/decisions/062-sales-lists-written-as-json-by-postgresql.md). Each day is
  // the whole row of a subquery, ordered by its ISO date; the lists use a row subquery per
  // element where their order needs a column the answer leaves out.
  const daily = statements.prepare(
    'sales_daily_json',
    sql`
      select coalesce(json_agg(t order by t.date), '[]')::text as days
      from (select days.day as date, days.count, days.amount, days.net
            from (${dailyRows}) days) t`,
    (row) => jsonText<DailySalesRow[]>(column.text(row, 'days')),
  );

  const byProduct = statements.prepare(
    'sales_by_product',
    sql`
      select p.id as product_id, p.title, p.price,
             coalesce(ps.count, 0) as count, coalesce(ps.amount, 0) as amount,
             coalesce(ps.net, 0) as net, ${isoTimestamp(sql`ps.last_sale_at`)} as last_sale_at
      from ${products} p
      left join ${productSales} ps on ps.product_id = p.id
      where p.seller_id = ${sellerId} and (p.status <> 'deleted' or ps.count > 0)
      order by coalesce(ps.amount, 0) desc, p.created_at desc, p.id`,
    productFiguresOf,
  );

  // The dashboard's revenue card, best sellers and latest sales in one statement (one round trip
  // instead of three). The two windows' sums come as numbers; the current window's days, the
  // best sellers and the latest sales as the contract's JSON, written by PostgreSQL as the lists
  // are (decision 062). The window, how many best sellers and how many latest sales are written
  // into its text (a statement for each; the service always asks for the same): given as
  // parameters, they made PostgreSQL plan the statement anew on each call, as the transactions'
  // first page did before its cap.
  const overviewStatement = (window: number, top: number, latest: number) =>
    statement(
      `sales_overview_json_window${window}_top${top}_latest${latest}`,
      () => sql`
        with days as (
          select days.*, days.day::date > ${today} - ${integerLiteral(window)} as current
          from (${dailyRows}) days
        )
        select
          coalesce(sum(days.count) filter (where days.current), 0) as current_count,
          coalesce(sum(days.amount) filter (where days.current), 0) as current_amount,
          coalesce(sum(days.net) filter (where days.current), 0) as current_net,
          coalesce(sum(days.count) filter (where not days.current), 0) as previous_count,
          coalesce(sum(days.amount) filter (where not days.current), 0) as previous_amount,
          coalesce(sum(days.net) filter (where not days.current), 0) as previous_net,
          (select coalesce(json_agg(t order by t.date), '[]')::text from (
             select d.day as date, d.count, d.amount, d.net from days d where d.current
           ) t) as daily,
          (select coalesce(json_agg((select t from (select
                     top.id as "productId", top.title, top.price as "productPrice",
                     top.count as "salesCount", top.amount as "totalRevenue",
                     top.net as "netRevenue",
                     ${isoTimestamp(sql`top.last_sale_at`)} as "lastSaleDate") t)
                   order by top.amount desc, top.last_sale_at desc, top.id), '[]')::text
           from (
             select p.id, p.title, p.price, ps.count, ps.amount, ps.net, ps.last_sale_at
             from ${productSales} ps
             join ${products} p on p.id = ps.product_id
             where ps.seller_id = ${sellerId} and ps.count > 0
             order by ps.amount desc, ps.last_sale_at desc, p.id
             limit ${integerLiteral(top)}
           ) top) as top_products,
          (select ${transactionsJson}
           from (
             select ${saleStoredColumns} from ${sales}
             where seller_id = ${sellerId}
             order by purchased_at desc nulls last, id desc nulls last
             limit ${integerLiteral(latest)}
           ) s
           join ${products} p on p.id = s.product_id) as latest_sales
        from days`,
      (row) => ({
        current: {
          count: column.integer(row, 'current_count'),
          amount: column.integer(row, 'current_amount'),
          net: column.integer(row, 'current_net'),
        },
        previous: {
          count: column.integer(row, 'previous_count'),
          amount: column.integer(row, 'previous_amount'),
          net: column.integer(row, 'previous_net'),
        },
        daily: jsonText<DailySalesRow[]>(column.text(row, 'daily')),
        topProducts: jsonText<ProductSalesEntry[]>(column.text(row, 'top_products')),
        latestSales: jsonText<Transaction[]>(column.text(row, 'latest_sales')),
      }),
    );

  return {
    /** All time, this month and today, in one round trip. */
    async stats(
      sellerId: string,
      now: Date,
    ): Promise<Record<'total' | 'month' | 'today', Figures>> {
      const rows = await stats({ sellerId, now: now.toISOString() });
      // A seller who never sold has no totals row.
      const find = (period: string): Figures => {
        const row = rows.find((candidate) => candidate.period === period);
        return row ? { count: row.count, amount: row.amount, net: row.net } : noFigures;
      };
      return { total: find('total'), month: find('month'), today: find('today') };
    },

    /**
     * How many sales the period lists (from the rollups): fully refunded sales too, which the
     * transactions list still shows, though the counts of the figures leave them out.
     */
    async countSales(sellerId: string, range: SalesRange, now: Date): Promise<number> {
      const kind = rangeKind(range);
      const count = statement(
        `sales_count_${kind}`,
        () => {
          const window = rangeWindow(kind, timeZone);
          return window
            ? sql`select coalesce(sum(count + refunded_count), 0) as count from ${salesDaily}
                  where seller_id = ${sql.placeholder('sellerId')}${dailyWithin(window)}`
            : sql`select count + refunded_count as count from ${sellerSalesTotals} where seller_id = ${sql.placeholder('sellerId')}`;
        },
        (row) => column.integer(row, 'count'),
      );
      const [total] = await count({ sellerId, ...rangeValues(range, now) });
      return total ?? 0;
    },

    /**
     * The first page of a range and how many sales the range holds, in one statement: the page
     * a seller opens most, in one round trip.
     */
    async firstPage(
      sellerId: string,
      range: SalesRange,
      now: Date,
      limit: number,
    ): Promise<{ total: number; transactions: JsonText<Transaction[]> }> {
      const kind = rangeKind(range);
      const firstPage = statement(
        `sales_count_and_first_page_json_${kind}`,
        () => {
          const window = rangeWindow(kind, timeZone);
          const seller = sql.placeholder('sellerId');
          const total = window
            ? sql`(select coalesce(sum(count + refunded_count), 0) from ${salesDaily} where seller_id = ${seller}${dailyWithin(window)})`
            : sql`coalesce((select count + refunded_count from ${sellerSalesTotals} where seller_id = ${seller}), 0)`;
          // The page is cut from the newest sales capped by a literal, the largest page the
          // contract allows: PostgreSQL costs a LIMIT given as a parameter at a tenth of the rows
          // under it, and the cap keeps those few. Without it the plan kept for every page size
          // looked costlier than one made for 20 rows, so PostgreSQL planned the statement anew
          // on each call (~0.7 ms). The page's rows are read as the index finds them (no second
          // look-up of each sale by id, as the deeper pages need for their offset).
          return sql`
            with total as (select ${total} as total_count),
            page as (
              select * from (
                select ${saleStoredColumns} from ${sales}
                where seller_id = ${seller}${purchasedWithin(sql`purchased_at`, window)}
                order by purchased_at desc nulls last, id desc nulls last
                limit ${integerLiteral(limits.transactions.maxLimit)}
              ) newest
              order by purchased_at desc nulls last, id desc nulls last
              limit ${sql.placeholder('limit')}
            )
            select total.total_count,
                   (select ${transactionsJson}
                    from page s join ${products} p on p.id = s.product_id) as transactions
            from total`;
        },
        (row) => ({ total: column.integer(row, 'total_count'), transactions: transactionsOf(row) }),
      );
      const [row] = await firstPage({ sellerId, ...rangeValues(range, now), limit });
      if (!row) throw new Error('the first page statement answered no row');
      return row;
    },

    /**
     * A page after the first (`offset` > 0; the first is `firstPage`), newest first, at any
     * depth. The daily rollup tells which local day holds the `offset`-th sale of the period,
     * so the index scan starts at that day and skips only the sales of that day, instead of
     * every newer sale (a plain OFFSET over a million rows).
     */
    async listSales(
      sellerId: string,
      range: SalesRange,
      now: Date,
      offset: number,
      limit: number,
    ): Promise<JsonText<Transaction[]>> {
      const kind = rangeKind(range);
      const window = rangeWindow(kind, timeZone);
      const values = { sellerId, ...rangeValues(range, now), limit };
      const seekDay = statement(
        `sales_seek_day_${kind}`,
        () => sql`
          select day::text as day, running - listed as newer from (
            select day, count + refunded_count as listed,
                   sum(count + refunded_count) over (order by day desc) as running
            from ${salesDaily} where seller_id = ${sql.placeholder('sellerId')}${dailyWithin(window)}
          ) days
          where running > ${sql.placeholder('offset')}
          order by day desc
          limit 1`,
        (row) => ({ day: column.text(row, 'day'), newer: column.integer(row, 'newer') }),
      );
      const [seek] = await seekDay({ ...values, offset });
      if (!seek) return jsonText<Transaction[]>('[]');
      const page = statement(
        `sales_page_json_${kind}`,
        () => {
          const endOfDay = startOfLocalDay(
            sql`(${sql.placeholder('seekDay')}::date + 1)`,
            timeZone,
          );
          return sql`
            with page as (
              select id, purchased_at from (
                select id, purchased_at from ${sales}
                where seller_id = ${sql.placeholder('sellerId')} and purchased_at < ${endOfDay}${purchasedWithin(sql`purchased_at`, window)}
                order by purchased_at desc nulls last, id desc nulls last
                offset ${sql.placeholder('skip')} limit ${integerLiteral(limits.transactions.maxLimit)}
              ) newest
              order by purchased_at desc nulls last, id desc nulls last
              limit ${sql.placeholder('limit')}
            )
            select ${transactionsJson} as transactions
            from page
            join ${sales} s on s.id = page.id
            join ${products} p on p.id = s.product_id`;
        },
        transactionsOf,
      );
      const [transactions] = await page({
        ...values,
        seekDay: seek.day,
        skip: offset - seek.newer,
      });
      return transactions ?? jsonText<Transaction[]>('[]');
    },

    /** A keyset page for streaming (the export): the sales after `cursor`, newest first. */
    async salesAfter(
      sellerId: string,
      period: SalesPeriod,
      now: Date,
      cursor: SaleCursor | undefined,
      limit: number,
    ): Promise<{ items: SaleListItem[]; next: SaleCursor | undefined }> {
      const window = rangeWindow(period, timeZone);
      const after = statement(
        `sales_after_${period}${cursor ? '_cursor' : ''}`,
        () => sql`
          select ${saleWithCursorColumns}
          from ${sales} s
          join ${products} p on p.id = s.product_id
          where s.seller_id = ${sql.placeholder('sellerId')}${purchasedWithin(sql`s.purchased_at`, window)}${
            cursor
              ? sql` and (s.purchased_at, s.id) < (${sql.placeholder('afterTime')}::timestamptz, ${sql.placeholder('afterId')}::uuid)`
              : sql``
          }
          order by s.purchased_at desc nulls last, s.id desc nulls last
          limit ${sql.placeholder('limit')}`,
        saleWithCursorOf,
      );
      const rows = await after({
        sellerId,
        now: now.toISOString(),
        limit,
        ...(cursor ? { afterTime: cursor.purchasedAt, afterId: cursor.id } : {}),
      });
      const last = rows.at(-1);
      return {
        items: rows.map((row) => row.item),
        next: last && rows.length === limit ? last.cursor : undefined,
      };
    },

    /**
     * The figures of the last `window` days and of the `window` days before, the current
     * window's days, the `top` best sellers and the `latest` newest sales, together; the lists
     * as the contract's JSON.
     */
    async overview(
      sellerId: string,
      now: Date,
      counts: { window: number; top: number; latest: number },
    ): Promise<{
      current: Figures;
      previous: Figures;
      daily: JsonText<DailySalesRow[]>;
      topProducts: JsonText<ProductSalesEntry[]>;
      latestSales: JsonText<Transaction[]>;
    }> {
      const overview = overviewStatement(counts.window, counts.top, counts.latest);
      const [row] = await overview({
        sellerId,
        now: now.toISOString(),
        days: counts.window * 2,
      });
      if (!row) throw new Error('the overview statement answered no row');
      return row;
    },

    /** One day per local day from `days - 1` days ago to today, zero days included, as JSON. */
    async daily(sellerId: string, now: Date, days: number): Promise<JsonText<DailySalesRow[]>> {
      const [list] = await daily({ sellerId, now: now.toISOString(), days });
      if (list === undefined) throw new Error('the daily statement answered no row');
      return list;
    },

    /** The seller's products (deleted ones only when they sold), best revenue first. */
    byProduct: (sellerId: string): Promise<ProductFigures[]> => byProduct({ sellerId }),

    /** Today's date (`yyyy-MM-dd`) in the configured time zone, for file names. */
    async today(now: Date): Promise<string> {
      const [day] = await todayText({ now: now.toISOString() });
      if (!day) throw new Error('no date');
      return day;
    },
  };
}

export type SalesRepository = ReturnType<typeof createSalesRepository>;
