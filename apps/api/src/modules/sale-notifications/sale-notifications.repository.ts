import { and, desc, eq, gt, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { startOfLocalDay } from '../../db/local-days.ts';
import { fullyRefunded } from '../../db/sale-rows.ts';
import { products, refunds, sales, salesDaily, sellers } from '../../db/schema.ts';
import { parseRows, sqlInteger } from '../../db/sql-values.ts';

export interface SaleForMail {
  sellerId: string;
  productTitle: string;
  amount: number;
  netAmount: number;
  purchasedAt: Date;
}

export interface RefundForMail {
  sellerId: string;
  productTitle: string;
  kind: 'refund' | 'chargeback';
  amount: number;
  netAmount: number;
  refundedAt: Date;
  /** When the sale refunded was made: the refund counts on that day. */
  purchasedAt: Date;
}

const topProductRow = z.object({
  title: z.string(),
  count: sqlInteger,
  amount: sqlInteger,
});
export type DayTopProduct = z.output<typeof topProductRow>;

/** What sale mail reads: a sale, a seller's day, the sellers whose summary is due. */
export function createSaleNotificationRepository(db: Database, timeZone: string) {
  return {
    async saleForMail(saleId: string): Promise<SaleForMail | undefined> {
      const [row] = await db
        .select({
          sellerId: sales.sellerId,
          productTitle: products.title,
          amount: sales.amount,
          netAmount: sales.netAmount,
          purchasedAt: sales.purchasedAt,
        })
        .from(sales)
        .innerJoin(products, eq(products.id, sales.productId))
        .where(eq(sales.id, saleId))
        .limit(1);
      return row;
    },

    async refundForMail(refundId: string): Promise<RefundForMail | undefined> {
      const [row] = await db
        .select({
          sellerId: refunds.sellerId,
          productTitle: products.title,
          kind: refunds.kind,
          amount: refunds.amount,
          netAmount: refunds.netAmount,
          refundedAt: refunds.refundedAt,
          purchasedAt: sales.purchasedAt,
        })
        .from(refunds)
        .innerJoin(sales, eq(sales.id, refunds.saleId))
        .innerJoin(products, eq(products.id, sales.productId))
        .where(eq(refunds.id, refundId))
        .limit(1);
      return row;
    },

    /**
     * The seller's totals of a local day (from the rollup) and its three best products, net of
     * refunds as every sales figure (a fully refunded sale is left out).
     */
    async daySummary(sellerId: string, day: string) {
      const [totals] = await db
        .select({ count: salesDaily.count, amount: salesDaily.amount, net: salesDaily.net })
        .from(salesDaily)
        .where(and(eq(salesDaily.sellerId, sellerId), eq(salesDaily.day, day)))
        .limit(1);
      const start = startOfLocalDay(sql`${day}::date`, timeZone);
      const end = startOfLocalDay(sql`${day}::date + 1`, timeZone);
      const result = await db.execute(sql`
        select p.title, count(*) as count, sum(s.amount - s.refunded_amount) as amount
        from ${sales} s join ${products} p on p.id = s.product_id
        where s.seller_id = ${sellerId} and s.purchased_at >= ${start} and s.purchased_at < ${end}
          and not ${fullyRefunded('s')}
        group by p.id, p.title
        order by sum(s.amount - s.refunded_amount) desc, p.title
        limit 3`);
      return { totals, top: parseRows(topProductRow, result) };
    },

    /** Sellers who chose the daily summary and sold something on `day`. */
    async sellersToSummarise(day: string): Promise<string[]> {
      const rows = await db
        .select({ sellerId: salesDaily.sellerId })
        .from(salesDaily)
        .innerJoin(sellers, eq(sellers.id, salesDaily.sellerId))
        .where(
          and(
            eq(salesDaily.day, day),
            gt(salesDaily.count, 0),
            eq(sellers.saleNotifications, 'daily'),
          ),
        )
        .orderBy(desc(salesDaily.sellerId));
      return rows.map((row) => row.sellerId);
    },

    async setting(sellerId: string): Promise<string | undefined> {
      const [row] = await db
        .select({ saleNotifications: sellers.saleNotifications })
        .from(sellers)
        .where(eq(sellers.id, sellerId))
        .limit(1);
      return row?.saleNotifications;
    },

    async setSetting(sellerId: string, value: string): Promise<void> {
      await db.update(sellers).set({ saleNotifications: value }).where(eq(sellers.id, sellerId));
    },
  };
}

export type SaleNotificationRepository = ReturnType<typeof createSaleNotificationRepository>;
