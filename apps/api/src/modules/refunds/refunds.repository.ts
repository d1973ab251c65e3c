import { eq, type SQL, sql } from 'drizzle-orm';
import type { DataAccess, Database } from '../../db/client.ts';
import { customerOfRefund } from '../../db/customer-figures.ts';
import type { RawRow } from '../../db/hot-statements.ts';
import { holdLedgerForEntry, ledgerTime } from '../../db/ledger-order.ts';
import { localDay } from '../../db/local-days.ts';
import { fullyRefunded, saleRowOf } from '../../db/sale-rows.ts';
import {
  productSales,
  products,
  type RefundRow,
  refunds,
  type SaleRow,
  sales,
  salesDaily,
  sellerSalesTotals,
  sellers,
  webhooks,
} from '../../db/schema.ts';
import { column, rowsOf } from '../../db/sql-values.ts';

export type NewRefund = Omit<typeof refunds.$inferInsert, 'id' | 'createdAt'>;

/** A sale as a refund needs it: the row, its product's title and how its seller hears of it. */
export interface SaleForRefund {
  sale: SaleRow;
  productTitle: string;
  /** How the seller hears of sales (`each`, `daily`, `never`): `each` mails refunds too. */
  saleNotifications: string;
  /** The events the seller's webhook listens to; null without a webhook. */
  webhookEvents: string[] | null;
}

const saleForRefundOf = (row: RawRow): SaleForRefund => ({
  sale: saleRowOf(row),
  productTitle: column.text(row, 'product_title'),
  saleNotifications: column.text(row, 'sale_notifications'),
  webhookEvents: column.nullableTexts(row, 'webhook_events'),
});

/** The sale matching `where`, with its product and its seller's notification choices. */
function saleForRefundQuery(where: SQL, lock: boolean): SQL {
  return sql`
    select s.*, p.title as product_title, se.sale_notifications, w.events as webhook_events
    from ${sales} s
    join ${products} p on p.id = s.product_id
    join ${sellers} se on se.id = s.seller_id
    left join ${webhooks} w on w.seller_id = s.seller_id
    where ${where}${lock ? sql` for update of s` : sql``}`;
}

/**
 * Takes a refund off its sale and off the three rollups, in one statement: the sale's refunded
 * amount and commission grow; the rollups of the sale's own local day, product and seller lose
 * the refund's amount and net, and, when this refund empties the sale, count it among the
 * refunded sales rather than the sales; the buyer's customer total loses the net too. Returns
 * the sale as it now is.
 */
function applyRefundQuery(
  saleId: string,
  amount: number,
  commissionReturned: number,
  timeZone: string,
): SQL {
  const net = amount - commissionReturned;
  return sql`
    with updated as (
      update ${sales} set refunded_amount = refunded_amount + ${amount}::bigint,
        refunded_commission = refunded_commission + ${commissionReturned}::bigint
      where id = ${saleId}
      returning *
    ),
    change as (
      select seller_id, product_id, ${localDay(sql`purchased_at`, timeZone)} as day,
             case when ${fullyRefunded()} then 1 else 0 end as emptied
      from updated
    ),
    daily as (
      update ${salesDaily} d set count = d.count - change.emptied,
        refunded_count = d.refunded_count + change.emptied,
        amount = d.amount - ${amount}::bigint, net = d.net - ${net}::bigint
      from change where d.seller_id = change.seller_id and d.day = change.day
    ),
    per_product as (
      update ${productSales} ps set count = ps.count - change.emptied,
        amount = ps.amount - ${amount}::bigint, net = ps.net - ${net}::bigint
      from change where ps.product_id = change.product_id
    ),
    totals as (
      update ${sellerSalesTotals} t set count = t.count - change.emptied,
        refunded_count = t.refunded_count + change.emptied,
        amount = t.amount - ${amount}::bigint, net = t.net - ${net}::bigint
      from change where t.seller_id = change.seller_id
    ),
    ${customerOfRefund(net)}
    select * from updated`;
}

/** The writes of one refund; every call runs inside the caller's transaction. */
function refundWrites(tx: Database, timeZone: string) {
  return {
    /**
     * The sale of `orderId`, its row locked until the transaction ends: refunds of one sale
     * are checked against what is left one after the other.
     */
    async lockSaleOfOrder(orderId: string): Promise<SaleForRefund | undefined> {
      const result = await tx.execute(saleForRefundQuery(sql`s.order_id = ${orderId}`, true));
      return rowsOf<RawRow>(result).map(saleForRefundOf)[0];
    },

    async findRefund(refundId: string): Promise<RefundRow | undefined> {
      const [row] = await tx.select().from(refunds).where(eq(refunds.refundId, refundId)).limit(1);
      return row;
    },

    /**
     * Inserts the refund unless its refund id is already recorded; none then. It takes its
     * place in the seller's ledger first (after a payout being recorded, or before it: never
     * inside a statement already written; `db/ledger-order.ts`).
     */
    async insertRefund(values: NewRefund): Promise<RefundRow | undefined> {
      await tx.execute(holdLedgerForEntry(values.sellerId));
      const [row] = await tx
        .insert(refunds)
        .values({ ...values, createdAt: ledgerTime })
        .onConflictDoNothing({ target: refunds.refundId })
        .returning();
      return row;
    },

    async applyRefund(saleId: string, amount: number, commissionReturned: number) {
      const result = await tx.execute(
        applyRefundQuery(saleId, amount, commissionReturned, timeZone),
      );
      const [row] = rowsOf<RawRow>(result);
      if (!row) throw new Error(`sale ${saleId} vanished while refunded`);
      return saleRowOf(row);
    },
  };
}

export type RefundWrites = ReturnType<typeof refundWrites>;

export function createRefundRepository(
  { db, transaction }: Pick<DataAccess, 'db' | 'transaction'>,
  timeZone: string,
) {
  return {
    /** `tx` is for what other modules write with the refund (its mail and webhook jobs). */
    transaction<T>(work: (writes: RefundWrites, tx: Database) => Promise<T>): Promise<T> {
      return transaction((tx) => work(refundWrites(tx, timeZone), tx));
    },

    async findRefund(refundId: string): Promise<RefundRow | undefined> {
      const [row] = await db.select().from(refunds).where(eq(refunds.refundId, refundId)).limit(1);
      return row;
    },

    /** A sale as it is now, unlocked (the answer to a replayed refund). */
    async saleById(saleId: string): Promise<SaleForRefund | undefined> {
      const result = await db.execute(saleForRefundQuery(sql`s.id = ${saleId}`, false));
      return rowsOf<RawRow>(result).map(saleForRefundOf)[0];
    },
  };
}

export type RefundRepository = ReturnType<typeof createRefundRepository>;
