import { eq, type SQL, sql } from 'drizzle-orm';
import type { DataAccess, Database } from '../../db/client.ts';
import { customerOfNewSale, rebuildCustomers } from '../../db/customer-figures.ts';
import type { RawRow } from '../../db/hot-statements.ts';
import { ledgerEntryPlaced, ledgerTime } from '../../db/ledger-order.ts';
import { localDay, localToday } from '../../db/local-days.ts';
import { audienceName, hearing, type SaleAudience } from '../../db/sale-audience.ts';
import { fullyRefunded, saleRowOf } from '../../db/sale-rows.ts';
import {
  customers,
  discountCodes,
  discountRedemptions,
  discounts,
  type ProductRow,
  productSales,
  products,
  productViewsDaily,
  type SaleRow,
  sales,
  salesDaily,
  sellerProductViewsDaily,
  sellerSalesTotals,
  sellers,
  sellerViewsDaily,
  webhooks,
} from '../../db/schema.ts';
import { column, rowsOf } from '../../db/sql-values.ts';
import {
  introCommissionMonths,
  introCommissionRate,
  standardCommissionRate,
} from './commission.ts';

/** What the member site may tell of the buyer and where they came from (null: not told). */
export interface SaleBuyer {
  buyerName: string | null;
  buyerCountry: string | null;
  buyerLocale: string | null;
  marketingConsent: boolean | null;
  source: string | null;
  utmSource: string | null;
  utmMedium: string | null;
  utmCampaign: string | null;
}

/** The buyer's fields and their columns of `sales`, in the order the purchase inserts them. */
const buyerColumns = {
  buyerName: 'buyer_name',
  buyerCountry: 'buyer_country',
  buyerLocale: 'buyer_locale',
  marketingConsent: 'marketing_consent',
  source: 'source',
  utmSource: 'utm_source',
  utmMedium: 'utm_medium',
  utmCampaign: 'utm_campaign',
} as const satisfies Record<keyof SaleBuyer, string>;
const buyerFields = Object.keys(buyerColumns) as (keyof SaleBuyer)[];

/**
 * Views of one product in a batch of the member site, with their bucket: the local day (null:
 * today), the source's name, the campaign and the country (each empty when not told).
 */
export interface ViewItem {
  productId: string;
  count: number;
  day: string | null;
  source: string;
  campaign: string;
  country: string;
}

/** What the member site reports of one order, checked, and when it was made. */
export interface OrderInput extends SaleBuyer {
  orderId: string;
  productId: string;
  customerEmail: string;
  paymentMethod: string;
  amount: number;
  purchasedAt: Date;
  /**
   * The discount code in capitals (`discountCodeInCapitals`), the price before it; null without
   * them.
   */
  discountCode: string | null;
  listAmount: number | null;
  /** When the purchase is recorded: a held use of the code counts if it lasts until then. */
  recordedAt: Date;
}

/** The product sold and what its seller chose to hear of sales. */
export interface ProductForSale {
  sellerId: ProductRow['sellerId'];
  title: ProductRow['title'];
  /** How the seller hears of sales (`each`, `daily`, `never`). */
  saleNotifications: string;
  /** The events the seller's webhook listens to; null without a webhook. */
  webhookEvents: string[] | null;
}

/**
 * When the introductory commission of the seller `s` ends: signup plus N calendar months in
 * local time, to the millisecond (as the API's times are).
 */
function introEndsAt(timeZone: string): SQL {
  return sql`date_trunc('milliseconds',
    ((s.created_at at time zone ${timeZone}) + make_interval(months => ${introCommissionMonths}::int))
      at time zone ${timeZone})`;
}

/**
 * One purchase in one statement, the only place a sale's commission is computed: reads the
 * product, its seller and who hears of the sale (`hearing`, one flag per audience, in their
 * order); when `write` holds (a SQL condition on `product.hearing`), inserts the sale unless its
 * order id is already recorded (by anyone, ever), with the commission in force at its time (the
 * introductory rate until signup plus N months, then the standard one; rounded half up to whole
 * won, the seller keeping the rest), and, only when it was inserted, adds it to the three
 * rollups (the product's, the day's, the seller's). The sale takes its place in the seller's
 * ledger under the ledger's lock, its time read after it (`db/ledger-order.ts`), so that a
 * payout recorded meanwhile never has it in its statement. No row when the product does not exist
 * or its seller deleted the account; otherwise one, with `answer`'s columns of `product` and
 * `new_sale` (its columns null when nothing was written). The seller's row is key-share locked
 * as the sale's foreign key would lock it anyway, but before it is read: a deletion committing
 * meanwhile is waited for and then seen, so no sale lands on a deleted account.
 */
function purchaseQuery(
  order: Record<keyof OrderInput, unknown>,
  audiences: readonly SaleAudience[],
  timeZone: string,
  write: SQL,
  answer: SQL,
): SQL {
  return sql`
    with product as (
      select p.id, p.seller_id, p.title, s.sale_notifications, w.events as webhook_events,
             ${introEndsAt(timeZone)} as intro_ends_at, ${hearing(audiences)} as hearing
      from ${products} p join ${sellers} s on s.id = p.seller_id
        left join ${webhooks} w on w.seller_id = p.seller_id
      where p.id = ${order.productId} and s.deleted_at is null
      for key share of s
    ),
    ${discountClaim(order)},
    priced as (
      select product.id, product.seller_id, rate.bp,
             round(${order.amount}::bigint * rate.bp / 10000.0)::bigint as commission
      from product,
        lateral (select case when ${order.purchasedAt}::timestamptz < product.intro_ends_at
                             then ${introCommissionRate}::int else ${standardCommissionRate}::int end
                   as bp) rate
      where ${write} and ${ledgerEntryPlaced(sql`product.seller_id`)}
    ),
    new_sale as (
      insert into ${sales} (order_id, seller_id, product_id, customer_email, payment_method,
                            amount, commission_rate_bp, commission_amount, net_amount, purchased_at,
                            created_at, discount_code, list_amount, discount_amount,
                            discount_over_limit,
                            ${sql.raw(buyerFields.map((field) => buyerColumns[field]).join(', '))})
      select ${order.orderId}, priced.seller_id, priced.id, ${order.customerEmail},
             ${order.paymentMethod}, ${order.amount}::bigint, priced.bp, priced.commission,
             ${order.amount}::bigint - priced.commission, ${order.purchasedAt}::timestamptz,
             ${ledgerTime}, ${discountColumns(order)}, ${buyerValues(order)}
      from priced left join claim on true
      on conflict (order_id) do nothing
      returning *
    ),
    ${rollupsOfNewSale(timeZone)},
    ${discountUseOfNewSale()},
    ${customerOfNewSale()}
    select ${answer}
    from product left join new_sale on true`;
}

/**
 * The discount code the order names, at most one row: the seller's code with those letters
 * (the one the order holds a live use of, else the one that is not archived, else the newest
 * archived one: a sale with an archived code counts in its figures all the same), its discount,
 * whether the order's live hold covers the use (`held`), and, without one, whether the code does
 * not apply (`over_limit`: archived, out of its dates, not for the product, below its least
 * price, or its uses and live holds at its limit). The code's and the discount's rows are
 * locked, so that uses are counted against the latest figures. No row without a code or for an
 * unknown one.
 */
function discountClaim(order: Record<keyof OrderInput, unknown>): SQL {
  const at = sql`${order.recordedAt}::timestamptz`;
  const liveHolds = (where: SQL) =>
    sql`(select count(*) from ${discountRedemptions} h
         where ${where} and h.used_at is null and h.expires_at > ${at})`;
  return sql`
    claim as (
      select c.id as code_id, d.id as discount_id, r.order_id is not null as held,
             r.discount_amount as held_discount,
             r.order_id is null and (
               c.archived
               or coalesce(d.starts_at > ${at}, false) or coalesce(d.ends_at <= ${at}, false)
               or (cardinality(d.product_ids) > 0 and not product.id = any(d.product_ids))
               or coalesce(${order.listAmount}::bigint, ${order.amount}::bigint) < d.min_amount
               or coalesce(d.uses + ${liveHolds(sql`h.discount_id = d.id`)} >= d.max_uses, false)
               or (c.single_use and c.uses + ${liveHolds(sql`h.code_id = c.id`)} >= 1)
             ) as over_limit
      from product
        join ${discountCodes} c
          on c.seller_id = product.seller_id and c.code = ${order.discountCode}::text
        join ${discounts} d on d.id = c.discount_id
        left join ${discountRedemptions} r on r.order_id = ${order.orderId} and r.code_id = c.id
          and r.used_at is null and r.expires_at > ${at}
      order by r.order_id is null, c.archived, c.created_at desc
      limit 1
      for update of c, d
    )`;
}

/**
 * The sale's discount columns (with `claim`): the code (in capitals), the list price, what was
 * taken off (`list_amount - amount`, else the held use's), and whether the code was over its
 * limit (an unknown code is).
 */
function discountColumns(order: Record<keyof OrderInput, unknown>): SQL {
  return sql`${order.discountCode}::text, ${order.listAmount}::bigint,
    coalesce(${order.listAmount}::bigint - ${order.amount}::bigint, claim.held_discount),
    ${order.discountCode}::text is not null and coalesce(claim.over_limit, true)`;
}

/** The new sale's use of its code: the discount's figures, the code's use, the hold used. */
function discountUseOfNewSale(): SQL {
  return sql`
    discount_use as (
      update ${discounts} d set uses = d.uses + 1, revenue = d.revenue + new_sale.amount,
        discount_given = d.discount_given + coalesce(new_sale.discount_amount, 0)
      from new_sale, claim where d.id = claim.discount_id
    ),
    code_use as (
      update ${discountCodes} c set uses = c.uses + 1, used_at = new_sale.purchased_at,
        order_id = new_sale.order_id
      from new_sale, claim where c.id = claim.code_id
    ),
    hold_use as (
      update ${discountRedemptions} r set used_at = new_sale.created_at
      from new_sale, claim where claim.held and r.order_id = new_sale.order_id
    )`;
}
/** The buyer's values of an order, typed for the insert (a placeholder carries no type). */
const buyerValues = (order: Record<keyof OrderInput, unknown>): SQL =>
  sql.join(
    buyerFields.map((field) =>
      field === 'marketingConsent' ? sql`${order[field]}::boolean` : sql`${order[field]}::text`,
    ),
    sql`, `,
  );

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

/** A purchase written inside a transaction: the product, the new sale, who hears of it. */
export interface PurchaseInTransaction {
  product: ProductForSale;
  /** None when the order id was already recorded. */
  sale: SaleRow | undefined;
  /** For each audience, in order: whether the seller is in it. */
  hearing: boolean[];
}

const orderValues = (order: OrderInput): Record<keyof OrderInput, unknown> => ({
  ...order,
  purchasedAt: order.purchasedAt.toISOString(),
  recordedAt: order.recordedAt.toISOString(),
});

const orderPlaceholders = Object.fromEntries(
  (
    [
      'orderId',
      'productId',
      'customerEmail',
      'paymentMethod',
      'amount',
      'purchasedAt',
      'discountCode',
      'listAmount',
      'recordedAt',
      ...buyerFields,
    ] as const
  ).map((name) => [name, sql.placeholder(name)]),
) as Record<keyof OrderInput, unknown>;

/** How a purchase statement's answer reads a sale written inside a transaction. */
const purchaseInTransactionOf = (row: RawRow): PurchaseInTransaction => ({
  product: {
    sellerId: column.text(row, 'product_seller_id'),
    title: column.text(row, 'product_title'),
    saleNotifications: column.text(row, 'sale_notifications'),
    webhookEvents: column.nullableTexts(row, 'webhook_events'),
  },
  sale: row.id === null ? undefined : saleRowOf(row),
  hearing: column.booleans(row, 'hearing'),
});

/** Each bucket row of `rows` once per dimension of the sellers' sums, as (dimension, value). */
const byDimension = (rows: SQL) => sql`
  ${rows} cross join lateral (
    values ('source', b.source), ('campaign', b.campaign), ('country', b.country)
  ) d(dimension, value)`;

/**
 * The CTEs of a view statement whose `counted` holds the views to add, one row per bucket (id,
 * seller_id, day, source, campaign, country, views): each product's bucket, created if not there
 * yet, and the seller's sums of the same views per day and source, campaign or country and per
 * day and product, which the conversion report reads. Kept by the statement that adds to the
 * buckets, they always equal them. Each insert goes in key order, so two statements adding to
 * one seller's sums take their rows in the same order and never wait for each other in a cycle.
 */
const addCountedViews = sql`
  buckets as (
    insert into ${productViewsDaily} as b (product_id, seller_id, day, source, campaign, country, views)
    select id, seller_id, day, source, campaign, country, views from counted
    order by id, day, source, campaign, country
    on conflict (product_id, day, source, campaign, country)
    do update set views = b.views + excluded.views
  ),
  seller_sums as (
    insert into ${sellerViewsDaily} as s (seller_id, dimension, day, value, views)
    select b.seller_id, d.dimension, b.day, d.value, sum(b.views)
    from ${byDimension(sql`counted b`)}
    group by 1, 2, 3, 4 order by 1, 2, 3, 4
    on conflict (seller_id, dimension, day, value)
    do update set views = s.views + excluded.views
  ),
  product_sums as (
    insert into ${sellerProductViewsDaily} as s (seller_id, day, product_id, views)
    select seller_id, day, id, sum(views) from counted
    group by 1, 2, 3 order by 1, 2, 3
    on conflict (seller_id, day, product_id)
    do update set views = s.views + excluded.views
  )`;

export function createPurchaseRepository(
  { db, statements, transaction }: DataAccess,
  timeZone: string,
) {
  const today = localToday(sql.placeholder('now'), timeZone);
  // The views of the batches of single views, also counted in today's bucket of each product
  // (no source, campaign or country); a bucket is only touched under its product's lock.
  const addViews = statements.prepare(
    'products_add_views',
    sql`
      with views as (
        select unnest(${sql.placeholder('ids')}::uuid[]) as id,
               unnest(${sql.placeholder('counts')}::int[]) as count
      ),
      locked as (
        select p.id from ${products} p join views on views.id = p.id order by p.id for no key update of p
      ),
      updated as (
        update ${products} p set view_count = p.view_count + views.count
        from views join locked on locked.id = views.id
        where p.id = views.id
        returning p.id, p.seller_id, p.view_count, views.count
      ),
      counted as (
        select id, seller_id, ${today} as day, '' as source, '' as campaign, '' as country,
               count as views
        from updated
      ),
      ${addCountedViews}
      select id, view_count from updated`,
    (row) => ({ id: column.text(row, 'id'), viewCount: column.integer(row, 'view_count') }),
    { locks: true },
  );
  // The member site's batch: items of one product summed, deleted products left out, rows locked
  // in id order like the batches above (so the two never deadlock), a count that stops at the
  // column's largest value rather than failing the batch; each item also counted in its bucket
  // of day, source, campaign and country.
  const addViewBatch = statements.prepare(
    'products_add_view_batch',
    sql`
      with items as (
        select unnest(${sql.placeholder('ids')}::uuid[]) as id,
               unnest(${sql.placeholder('counts')}::int[]) as count,
               unnest(${sql.placeholder('days')}::date[]) as day,
               unnest(${sql.placeholder('sources')}::text[]) as source,
               unnest(${sql.placeholder('campaigns')}::text[]) as campaign,
               unnest(${sql.placeholder('countries')}::text[]) as country
      ),
      views as (select id, sum(count) as count, count(*) as items from items group by id),
      locked as (
        select p.id from ${products} p join views on views.id = p.id
        where p.status <> 'deleted'
        order by p.id for no key update of p
      ),
      updated as (
        update ${products} p set view_count = least(p.view_count + views.count, 2147483647)
        from views join locked on locked.id = views.id
        where p.id = views.id
        returning p.id, p.seller_id, views.items
      ),
      counted as (
        select items.id, updated.seller_id, coalesce(items.day, ${today}) as day,
               items.source, items.campaign, items.country, sum(items.count) as views
        from items join updated on updated.id = items.id
        group by 1, 2, 3, 4, 5, 6
      ),
      ${addCountedViews}
      select coalesce(sum(items), 0) as accepted from updated`,
    (row) => column.integer(row, 'accepted'),
    { locks: true },
  );
  return {
    /**
     * The purchase statements (`purchaseQuery`) for listeners who hear of the sales of
     * `audiences`, given in the listeners' order; built once, by the purchase service.
     */
    salesHeardBy(audiences: readonly SaleAudience[]) {
      const heard = sql`true = any(product.hearing)`;
      // A sale nobody hears of: one hot statement, committed by itself. Its name tells the
      // audiences apart, as two texts under one name cannot share a connection.
      const quietName = audienceName('purchase_quiet_sale', audiences);
      const quietSale = statements.prepare(
        quietName,
        purchaseQuery(
          orderPlaceholders,
          audiences,
          timeZone,
          sql`not ${heard}`,
          sql`not ${heard} as quiet, new_sale.id, new_sale.commission_rate_bp,
              new_sale.commission_amount, new_sale.net_amount`,
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
        { locks: true },
      );
      const inTransaction = (order: OrderInput) =>
        purchaseQuery(
          orderValues(order),
          audiences,
          timeZone,
          sql`true`,
          sql`product.seller_id as product_seller_id, product.title as product_title,
              product.sale_notifications, product.webhook_events, product.hearing, new_sale.*`,
        );
      return {
        /**
         * Undefined when the product does not exist; `quiet: false` when someone hears of the
         * sale (nothing was written); otherwise the new sale's id and commission, or none when
         * its order id was already recorded.
         */
        async recordQuiet(
          order: OrderInput,
        ): Promise<{ quiet: boolean; sale: QuietSaleFigures | undefined } | undefined> {
          const [row] = await quietSale(orderValues(order));
          return row;
        },

        /**
         * Purchases in one transaction; `record` writes each sale whoever hears of it, `tx` is
         * for what other modules write with the sales (their mail and webhook jobs).
         */
        transaction<T>(
          work: (
            record: (order: OrderInput) => Promise<PurchaseInTransaction | undefined>,
            tx: Database,
          ) => Promise<T>,
        ): Promise<T> {
          return transaction((tx) =>
            work(
              async (order) =>
                rowsOf<RawRow>(await tx.execute(inTransaction(order))).map(
                  purchaseInTransactionOf,
                )[0],
              tx,
            ),
          );
        },
      };
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
    async addViews(views: ReadonlyMap<string, number>, now: Date): Promise<Map<string, number>> {
      const rows = await addViews({
        ids: [...views.keys()],
        counts: [...views.values()],
        now: now.toISOString(),
      });
      return new Map(rows.map((row) => [row.id, row.viewCount]));
    },

    /**
     * Adds each item's views to its product and to its bucket in one statement (items of one
     * product together); products that do not exist or are deleted are skipped. The number of
     * items counted.
     */
    async addViewBatch(items: readonly ViewItem[], now: Date): Promise<number> {
      const [accepted] = await addViewBatch({
        ids: items.map((item) => item.productId),
        counts: items.map((item) => item.count),
        days: items.map((item) => item.day),
        sources: items.map((item) => item.source),
        campaigns: items.map((item) => item.campaign),
        countries: items.map((item) => item.country),
        now: now.toISOString(),
      });
      return accepted ?? 0;
    },

    /**
     * Recomputes every rollup (each product's sales count among them) and every customer's
     * figures from the sales table and what was refunded of each sale, and the sellers' view sums
     * from the view buckets, in one transaction: after a bulk load (benchmarks) or a change of
     * TIME_ZONE.
     */
    async rebuildRollups(): Promise<void> {
      await transaction(async (tx) => {
        // Readers wait rather than see half-built rollups; purchases wait for the rebuild.
        await tx.execute(
          sql`lock table ${sales}, ${salesDaily}, ${productSales}, ${sellerSalesTotals}, ${customers},
              ${productViewsDaily}, ${sellerViewsDaily}, ${sellerProductViewsDaily} in exclusive mode`,
        );
        await tx.execute(sql`delete from ${salesDaily}`);
        await tx.execute(sql`delete from ${productSales}`);
        await tx.execute(sql`delete from ${sellerSalesTotals}`);
        // Net of refunds, as the refunds keep them: a sale counts for its amount less what was
        // refunded, its net less the refunds' nets, and leaves the count once fully refunded.
        const figures = sql`count(*) filter (where not ${fullyRefunded()}),
          sum(amount - refunded_amount),
          sum(net_amount - (refunded_amount - refunded_commission))`;
        const refundedCount = sql`count(*) filter (where ${fullyRefunded()})`;
        await tx.execute(sql`
          insert into ${salesDaily} (seller_id, day, count, amount, net, refunded_count)
          select seller_id, ${localDay(sql`purchased_at`, timeZone)}, ${figures}, ${refundedCount}
          from ${sales} group by 1, 2`);
        await tx.execute(sql`
          insert into ${productSales} (product_id, seller_id, count, amount, net, last_sale_at)
          select product_id, seller_id, ${figures}, max(purchased_at)
          from ${sales} group by product_id, seller_id`);
        await tx.execute(sql`
          insert into ${sellerSalesTotals} (seller_id, count, amount, net, refunded_count)
          select seller_id, ${figures}, ${refundedCount} from ${sales} group by seller_id`);
        await tx.execute(rebuildCustomers());
        // The sellers' view sums, from the buckets (loaded in bulk with the sales).
        await tx.execute(sql`delete from ${sellerViewsDaily}`);
        await tx.execute(sql`delete from ${sellerProductViewsDaily}`);
        await tx.execute(sql`
          insert into ${sellerViewsDaily} (seller_id, dimension, day, value, views)
          select b.seller_id, d.dimension, b.day, d.value, sum(b.views)
          from ${byDimension(sql`${productViewsDaily} b`)}
          group by 1, 2, 3, 4 order by 1, 2, 3, 4`);
        await tx.execute(sql`
          insert into ${sellerProductViewsDaily} (seller_id, day, product_id, views)
          select seller_id, day, product_id, sum(views)
          from ${productViewsDaily} group by 1, 2, 3 order by 1, 2, 3`);
      });
    },
  };
}

export type PurchaseRepository = ReturnType<typeof createPurchaseRepository>;
