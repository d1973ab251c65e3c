import type { ConversionGroup } from '@seller/contract/analytics/get-conversion';
import { and, eq, gte, inArray, lt, lte, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { localDay, startOfLocalDay } from '../../db/local-days.ts';
import { fullyRefunded } from '../../db/sale-rows.ts';
import {
  products,
  productViewsDaily,
  sales,
  salesDaily,
  sellerProductViewsDaily,
  sellerViewsDaily,
} from '../../db/schema.ts';

/** The report's scope: one seller, local days `from` to `to` (both included), maybe one product. */
export interface ConversionScope {
  sellerId: string;
  from: string;
  to: string;
  productId?: string | undefined;
}

/**
 * Sales of one group as stored: the source before it is named (`source`, `utmSource`), so that
 * the names are given in one place (`lib/traffic-sources.ts`) and groups merged after.
 */
export interface SalesGroupRow {
  key: string;
  source: string | null;
  utmSource: string | null;
  sales: number;
  revenue: number;
}

const text = (expression: SQL) => sql<string>`coalesce(${expression}, '')`;

/**
 * Where the views of a grouping are read, and their key there: the seller's sums per day and
 * source, campaign or country, or per day and product, a few dozen rows a day; one product's own
 * buckets by source, campaign or country (its primary key's range).
 */
function viewsSource(group: ConversionGroup, productId: string | undefined) {
  if (group === 'product' || (group === 'day' && productId !== undefined)) {
    const table = sellerProductViewsDaily;
    const key =
      group === 'product' ? sql<string>`${table.productId}` : sql<string>`${table.day}::text`;
    return {
      table,
      key,
      only: productId === undefined ? undefined : eq(table.productId, productId),
    };
  }
  if (productId !== undefined) {
    const table = productViewsDaily;
    return { table, key: sql<string>`${table[group]}`, only: eq(table.productId, productId) };
  }
  // Every view is in one source's sum of its day: those sums also give the days.
  const table = sellerViewsDaily;
  return group === 'day'
    ? { table, key: sql<string>`${table.day}::text`, only: eq(table.dimension, 'source') }
    : { table, key: sql<string>`${table.value}`, only: eq(table.dimension, group) };
}

export function createAnalyticsRepository(db: Database, timeZone: string) {
  /** The key of a sale in each grouping; the source is grouped as stored and named after. */
  const saleKeys: Record<ConversionGroup, SQL<string>> = {
    // Grouped by the uuid itself (read as its text): no text made and hashed per sale.
    product: sql<string>`${sales.productId}`,
    source: sql<string>`''`,
    campaign: text(sql`${sales.utmCampaign}`),
    country: text(sql`${sales.buyerCountry}`),
    day: sql<string>`${localDay(sql`${sales.purchasedAt}`, timeZone)}::text`,
  };

  return {
    /** The product's title when it is the seller's (deleted ones too: their history stays). */
    async ownProductTitle(sellerId: string, productId: string): Promise<string | undefined> {
      const [row] = await db
        .select({ title: products.title })
        .from(products)
        .where(and(eq(products.id, productId), eq(products.sellerId, sellerId)))
        .limit(1);
      return row?.title;
    },

    async productTitles(sellerId: string, ids: readonly string[]): Promise<Map<string, string>> {
      if (ids.length === 0) return new Map();
      const rows = await db
        .select({ id: products.id, title: products.title })
        .from(products)
        .where(and(eq(products.sellerId, sellerId), inArray(products.id, [...ids])));
      return new Map(rows.map((row) => [row.id, row.title]));
    },

    /** The views of the scope per key of the grouping. */
    async viewsBy(scope: ConversionScope, group: ConversionGroup) {
      const { table, key, only } = viewsSource(group, scope.productId);
      return (
        db
          .select({ key, views: sql<number>`sum(${table.views})::bigint`.mapWith(Number) })
          .from(table)
          .where(
            and(
              eq(table.sellerId, scope.sellerId),
              gte(table.day, scope.from),
              lte(table.day, scope.to),
              only,
            ),
          )
          // By position: the key's time zone is a parameter, which PostgreSQL does not match by value.
          .groupBy(sql`1`)
      );
    },

    /**
     * The sales of the scope per key of the grouping, net of refunds: on the local day they were
     * made, for their amount less their refunds, the fully refunded ones left out.
     */
    async salesBy(scope: ConversionScope, group: ConversionGroup): Promise<SalesGroupRow[]> {
      if (group === 'day' && scope.productId === undefined) {
        // The seller's daily rollup holds exactly these figures: the sales of the local day not
        // fully refunded, and their amounts less refunds (a refund never exceeds its sale).
        return db
          .select({
            key: sql<string>`${salesDaily.day}::text`,
            source: sql<null>`null`,
            utmSource: sql<null>`null`,
            sales: salesDaily.count,
            revenue: salesDaily.amount,
          })
          .from(salesDaily)
          .where(
            and(
              eq(salesDaily.sellerId, scope.sellerId),
              gte(salesDaily.day, scope.from),
              lte(salesDaily.day, scope.to),
            ),
          );
      }
      const key = saleKeys[group];
      const bySource = group === 'source';
      const source = bySource ? sales.source : sql<null>`null`;
      const utmSource = bySource ? sales.utmSource : sql<null>`null`;
      return db
        .select({
          key,
          source: sql<string | null>`${source}`,
          utmSource: sql<string | null>`${utmSource}`,
          sales: sql<number>`count(*)::int`.mapWith(Number),
          revenue: sql<number>`sum(${sales.amount} - ${sales.refundedAmount})::bigint`.mapWith(
            Number,
          ),
        })
        .from(sales)
        .where(
          and(
            eq(sales.sellerId, scope.sellerId),
            gte(sales.purchasedAt, sql`${startOfLocalDay(sql`${scope.from}::date`, timeZone)}`),
            lt(sales.purchasedAt, sql`${startOfLocalDay(sql`(${scope.to}::date + 1)`, timeZone)}`),
            sql`not ${fullyRefunded('sales')}`,
            scope.productId === undefined ? undefined : eq(sales.productId, scope.productId),
          ),
        )
        .groupBy(sql`1, 2, 3`);
    },
  };
}

export type AnalyticsRepository = ReturnType<typeof createAnalyticsRepository>;
