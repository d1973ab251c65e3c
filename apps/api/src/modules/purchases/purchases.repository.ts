import { eq, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { localDay } from '../../db/local-days.ts';
import { preparedStatement } from '../../db/prepared.ts';
import { saleRow } from '../../db/sale-rows.ts';
import {
  type ProductRow,
  productSales,
  products,
  type SaleRow,
  sales,
  salesDaily,
  sellerSalesTotals,
  sellers,
  webhooks,
} from '../../db/schema.ts';
import { column, parseRows, sqlTimestamp } from '../../db/sql-values.ts';

/** A sale as it is recorded: nothing refunded yet. */
export type NewSale = Omit<
  typeof sales.$inferInsert,
  'id' | 'createdAt' | 'refundedAmount' | 'refundedCommission'
>;

export interface ProductForSale {
  sellerId: ProductRow['sellerId'];
  title: ProductRow['title'];
  /** End of the seller's introductory commission: signup plus N calendar months, local time. */
  introEndsAt: Date;
  /** How the seller hears of sales (`each`, `daily`, `never`). */
  saleNotifications: string;
  /** The events the seller's webhook listens to; null without a webhook. */
  webhookEvents: string[] | null;
}

const productForSaleRow = z
  .object({
    seller_id: z.string(),
    title: z.string(),
    intro_ends_at: sqlTimestamp,
    sale_notifications: z.string(),
    webhook_events: z.array(z.string()).nullable(),
  })
  .transform(
    (row): ProductForSale => ({
      sellerId: row.seller_id,
      title: row.title,
      introEndsAt: row.intro_ends_at,
      saleNotifications: row.sale_notifications,
      webhookEvents: row.webhook_events,
    }),
  );

/**
 * When the introductory commission of the seller `s` ends: signup plus N calendar months in
 * local time, to the millisecond (as the API's times are).
 */
function introEndsAt(introMonths: unknown, timeZone: string): SQL {
  return sql`date_trunc('milliseconds',
    ((s.created_at at time zone ${timeZone}) + make_interval(months => ${introMonths}::int))
      at time zone ${timeZone})`;
}

/** The product being sold, its seller's signup and how they hear of sales. */
function productForSaleQuery(productId: unknown, introMonths: unknown, timeZone: string): SQL {
  return sql`
    select p.seller_id, p.title, ${introEndsAt(introMonths, timeZone)} as intro_ends_at,
           s.sale_notifications, w.events as webhook_events
    from ${products} p join ${sellers} s on s.id = p.seller_id
      left join ${webhooks} w on w.seller_id = p.seller_id
    where p.id = ${productId}`;
}

/**
 * Inserts the sale unless its order id is already recorded (by anyone, ever) and, only when it
 * was inserted, adds it to the three rollups (the product's, the day's, the seller's): one
 * statement, so one round trip and one atomic change. Returns the new sale's row, none when the
 * order id existed.
 */
function insertSaleQuery(values: Record<keyof NewSale, unknown>, timeZone: string): SQL {
  return sql`
    with new_sale as (
      insert into ${sales} (order_id, seller_id, product_id, customer_email, payment_method,
                            amount, commission_rate_bp, commission_amount, net_amount, purchased_at)
      values (${values.orderId}, ${values.sellerId}, ${values.productId}, ${values.customerEmail},
              ${values.paymentMethod}, ${values.amount}, ${values.commissionRate},
              ${values.commissionAmount}, ${values.netAmount}, ${values.purchasedAt}::timestamptz)
      on conflict (order_id) do nothing
      returning *
    ),
    ${rollupsOfNewSale(timeZone)}
    select * from new_sale`;
}

/** The rollups' share of a statement whose `new_sale` holds the sale just inserted, if any. */
function rollupsOfNewSale(timeZone: string): SQL {
  return sql`
    daily as (
      insert into ${salesDaily} as d (seller_id, day, count, amount, net)
      select seller_id, ${localDay(sql`purchased_at`, timeZone)}, 1, amount, net_amount
      from new_sale
      on conflict (seller_id, day) do update set count = d.count + 1,
        amount = d.amount + excluded.amount, net = d.net + excluded.net
    ),
    per_product as (
      insert into ${productSales} as ps (product_id, seller_id, count, amount, net, last_sale_at)
      select product_id, seller_id, 1, amount, net_amount, purchased_at from new_sale
      on conflict (product_id) do update set count = ps.count + 1,
        amount = ps.amount + excluded.amount, net = ps.net + excluded.net,
        last_sale_at = greatest(ps.last_sale_at, excluded.last_sale_at)
    ),
    totals as (
      insert into ${sellerSalesTotals} as t (seller_id, count, amount, net)
      select seller_id, 1, amount, net_amount from new_sale
      on conflict (seller_id) do update set count = t.count + 1,
        amount = t.amount + excluded.amount, net = t.net + excluded.net
    )`;
}

/** What `quietSaleQuery` takes: the member site's order, checked, and the commission rules. */
export interface QuietSaleInput {
  orderId: string;
  productId: string;
  customerEmail: string;
  paymentMethod: string;
  amount: number;
  purchasedAt: Date;
  introMonths: number;
  introRate: number;
  standardRate: number;
}

/**
 * The whole purchase in one statement, when nobody needs to hear of the sale inside its
 * transaction: reads the product, its seller's signup and how they hear of sales; when the
 * seller gets no mail for each sale and has no webhook listening to `sale.created` ("quiet"),
 * inserts the sale with its commission (the rate in force at `purchasedAt`, rounded half up to
 * whole won as `splitAmount` does) and its rollups, as `insertSaleQuery` does. One row: whether
 * the sale was quiet, and the new sale's id and commission (null when the order id existed, or
 * when it was not quiet and nothing was written); no row when the product does not exist.
 */
function quietSaleQuery(values: Record<keyof QuietSaleInput, unknown>, timeZone: string): SQL {
  return sql`
    with product as (
      select p.id, p.seller_id, ${introEndsAt(values.introMonths, timeZone)} as intro_ends_at,
             not (s.sale_notifications = 'each'
                  or coalesce('sale.created' = any(w.events), false)) as quiet
      from ${products} p join ${sellers} s on s.id = p.seller_id
        left join ${webhooks} w on w.seller_id = p.seller_id
      where p.id = ${values.productId}
    ),
    priced as (
      select product.id, product.seller_id, rate.bp,
             round(${values.amount}::bigint * rate.bp / 10000.0)::bigint as commission
      from product,
        lateral (select case when ${values.purchasedAt}::timestamptz < product.intro_ends_at
                             then ${values.introRate}::int else ${values.standardRate}::int end
                   as bp) rate
      where product.quiet
    ),
    new_sale as (
      insert into ${sales} (order_id, seller_id, product_id, customer_email, payment_method,
                            amount, commission_rate_bp, commission_amount, net_amount, purchased_at)
      select ${values.orderId}, priced.seller_id, priced.id, ${values.customerEmail},
             ${values.paymentMethod}, ${values.amount}::bigint, priced.bp, priced.commission,
             ${values.amount}::bigint - priced.commission, ${values.purchasedAt}::timestamptz
      from priced
      on conflict (order_id) do nothing
      returning *
    ),
    ${rollupsOfNewSale(timeZone)}
    select product.quiet, new_sale.id, new_sale.commission_rate_bp, new_sale.commission_amount,
           new_sale.net_amount
    from product left join new_sale on true`;
}

/**
 * What the one-statement purchase adds to the order it was given: the new sale's id and its
 * commission. The rest of the sale is the order itself, stored as sent.
 */
export interface QuietSaleFigures {
  id: string;
  commissionRate: number;
  commissionAmount: number;
  netAmount: number;
}

const saleValues = (values: NewSale): Record<keyof NewSale, unknown> => ({
  ...values,
  purchasedAt: values.purchasedAt.toISOString(),
});

/** The writes of one purchase; every call runs inside the caller's transaction. */
function purchaseWrites(tx: Database, timeZone: string) {
  return {
    async productForSale(
      productId: string,
      introMonths: number,
    ): Promise<ProductForSale | undefined> {
      const result = await tx.execute(productForSaleQuery(productId, introMonths, timeZone));
      return parseRows(productForSaleRow, result)[0];
    },

    async insertSaleWithRollups(values: NewSale): Promise<SaleRow | undefined> {
      return parseRows(saleRow, await tx.execute(insertSaleQuery(saleValues(values), timeZone)))[0];
    },
  };
}

export type PurchaseWrites = ReturnType<typeof purchaseWrites>;

export function createPurchaseRepository(db: Database, timeZone: string) {
  // A sale nobody else needs to hear of inside its transaction (no mail or webhook event to
  // queue): one named statement, committed by itself.
  const quietSale = preparedStatement(
    db,
    'purchase_quiet_sale',
    quietSaleQuery(
      Object.fromEntries(
        (
          [
            'orderId',
            'productId',
            'customerEmail',
            'paymentMethod',
            'amount',
            'purchasedAt',
            'introMonths',
            'introRate',
            'standardRate',
          ] as const
        ).map((name) => [name, sql.placeholder(name)]),
      ) as Record<keyof QuietSaleInput, unknown>,
      timeZone,
    ),
    (row) => {
      const quiet = column.boolean(row, 'quiet');
      const id = column.nullableText(row, 'id');
      const sale: QuietSaleFigures | undefined =
        id === null
          ? undefined
          : {
              id,
              commissionRate: column.integer(row, 'commission_rate_bp'),
              commissionAmount: column.integer(row, 'commission_amount'),
              netAmount: column.integer(row, 'net_amount'),
            };
      return { quiet, sale };
    },
  );
  const addViews = preparedStatement(
    db,
    'products_add_views',
    sql`
      with views as (
        select unnest(${sql.placeholder('ids')}::uuid[]) as id,
               unnest(${sql.placeholder('counts')}::int[]) as count
      ),
      locked as (
        select p.id from ${products} p join views on views.id = p.id order by p.id for no key update of p
      )
      update ${products} p set view_count = p.view_count + views.count
      from views join locked on locked.id = views.id
      where p.id = views.id
      returning p.id, p.view_count`,
    (row) => ({ id: column.text(row, 'id'), viewCount: column.integer(row, 'view_count') }),
  );
  return {
    /**
     * `quietSaleQuery`: undefined when the product does not exist; `quiet: false` when a
     * listener needs the sale inside a transaction (nothing was written); otherwise the new
     * sale's id and commission, or none when its order id was already recorded.
     */
    async recordQuietSale(
      input: QuietSaleInput,
    ): Promise<{ quiet: boolean; sale: QuietSaleFigures | undefined } | undefined> {
      const [row] = await quietSale({ ...input, purchasedAt: input.purchasedAt.toISOString() });
      return row;
    },

    /** `tx` is for what other modules write with the sale (its mail and webhook jobs). */
    transaction<T>(work: (writes: PurchaseWrites, tx: Database) => Promise<T>): Promise<T> {
      return db.transaction((tx) => work(purchaseWrites(tx, timeZone), tx));
    },

    async findSaleByOrderId(orderId: string): Promise<SaleRow | undefined> {
      const [row] = await db.select().from(sales).where(eq(sales.orderId, orderId)).limit(1);
      return row;
    },

    /**
     * Adds views to several products in one statement, their rows locked in id order (so that
     * two server copies writing batches never deadlock); the new count of each existing one.
     * The lock is `for no key update`, as the update itself takes: a sale being inserted holds
     * a key-share lock on its product (the foreign key), which `for update` would wait for.
     */
    async addViews(views: ReadonlyMap<string, number>): Promise<Map<string, number>> {
      const rows = await addViews({ ids: [...views.keys()], counts: [...views.values()] });
      return new Map(rows.map((row) => [row.id, row.viewCount]));
    },

    /**
     * Recomputes every rollup (each product's sales count among them) from the sales table, in
     * one transaction: after a bulk load (benchmarks) or a change of TIME_ZONE.
     */
    async rebuildRollups(): Promise<void> {
      await db.transaction(async (tx) => {
        // Readers wait rather than see half-built rollups; purchases wait for the rebuild.
        await tx.execute(
          sql`lock table ${sales}, ${salesDaily}, ${productSales}, ${sellerSalesTotals} in exclusive mode`,
        );
        await tx.execute(sql`delete from ${salesDaily}`);
        await tx.execute(sql`delete from ${productSales}`);
        await tx.execute(sql`delete from ${sellerSalesTotals}`);
        await tx.execute(sql`
          insert into ${salesDaily} (seller_id, day, count, amount, net)
          select seller_id, ${localDay(sql`purchased_at`, timeZone)}, count(*), sum(amount), sum(net_amount)
          from ${sales} group by 1, 2`);
        await tx.execute(sql`
          insert into ${productSales} (product_id, seller_id, count, amount, net, last_sale_at)
          select product_id, seller_id, count(*), sum(amount), sum(net_amount), max(purchased_at)
          from ${sales} group by product_id, seller_id`);
        await tx.execute(sql`
          insert into ${sellerSalesTotals} (seller_id, count, amount, net)
          select seller_id, count(*), sum(amount), sum(net_amount) from ${sales} group by seller_id`);
      });
    },
  };
}

export type PurchaseRepository = ReturnType<typeof createPurchaseRepository>;
