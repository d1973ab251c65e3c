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

export type NewSale = Omit<typeof sales.$inferInsert, 'id' | 'createdAt'>;

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

/** The product being sold, its seller's signup and how they hear of sales. */
function productForSaleQuery(productId: unknown, introMonths: unknown, timeZone: string): SQL {
  return sql`
    select p.seller_id, p.title,
           ((s.created_at at time zone ${timeZone}) + make_interval(months => ${introMonths}::int))
             at time zone ${timeZone} as intro_ends_at,
           s.sale_notifications, w.events as webhook_events
    from ${products} p join ${sellers} s on s.id = p.seller_id
      left join ${webhooks} w on w.seller_id = p.seller_id
    where p.id = ${productId}`;
}

/**
 * Inserts the sale unless its order id is already recorded (by anyone, ever) and, only when it
 * was inserted, adds it to the three rollups (the product's, the day's, the seller's): one
 * statement, so one round trip and one atomic change. Returns the new sale's row, none when the order id
 * existed.
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
    )
    select * from new_sale`;
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
  // queue): two named statements, the insert in a transaction of its own.
  const productForSale = preparedStatement(
    db,
    'purchase_product_for_sale',
    productForSaleQuery(sql.placeholder('productId'), sql.placeholder('introMonths'), timeZone),
    (row) => productForSaleRow.parse(row),
  );
  const placeholders = Object.fromEntries(
    (
      [
        'orderId',
        'sellerId',
        'productId',
        'customerEmail',
        'paymentMethod',
        'amount',
        'commissionRate',
        'commissionAmount',
        'netAmount',
        'purchasedAt',
      ] as const
    ).map((name) => [name, sql.placeholder(name)]),
  ) as Record<keyof NewSale, unknown>;
  const insertSale = preparedStatement(
    db,
    'purchase_insert_sale',
    insertSaleQuery(placeholders, timeZone),
    (row) => saleRow.parse(row),
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
        select p.id from ${products} p join views on views.id = p.id order by p.id for update of p
      )
      update ${products} p set view_count = p.view_count + views.count
      from views join locked on locked.id = views.id
      where p.id = views.id
      returning p.id, p.view_count`,
    (row) => ({ id: column.text(row, 'id'), viewCount: column.integer(row, 'view_count') }),
  );
  return {
    async productForSale(
      productId: string,
      introMonths: number,
    ): Promise<ProductForSale | undefined> {
      const [row] = await productForSale({ productId, introMonths });
      return row;
    },

    /** `insertSaleWithRollups` on its own: the statement commits by itself. */
    async insertSale(values: NewSale): Promise<SaleRow | undefined> {
      const [row] = await insertSale(saleValues(values));
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
     */
    async addViews(views: ReadonlyMap<string, number>): Promise<Map<string, number>> {
      const rows = await addViews({ ids: [...views.keys()], counts: [...views.values()] });
      return new Map(rows.map((row) => [row.id, row.viewCount]));
    },

    /**
     * Recomputes every rollup (each product's sales count among them) from the sales table, in one
     * transaction: after a bulk load (benchmarks) or a change of TIME_ZONE.
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
