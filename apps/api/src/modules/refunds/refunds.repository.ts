import { type SQL, sql } from 'drizzle-orm';
import type { DataAccess, Database } from '../../db/client.ts';
import { customerOfRefund } from '../../db/customer-figures.ts';
import {
  namedStatement,
  type RawRow,
  type TransactionStatements,
} from '../../db/hot-statements.ts';
import { ledgerEntryPlaced, ledgerTime } from '../../db/ledger-order.ts';
import { localDay } from '../../db/local-days.ts';
import { fullyRefunded, saleRowOf } from '../../db/sale-rows.ts';
import {
  productSales,
  products,
  type RefundKind,
  type RefundRow,
  refundKinds,
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
 * Records a refund and takes it off its sale and off the three rollups, in one statement,
 * unless its refund id is already recorded (then nothing is written and no row comes back).
 * The refund takes its place in the seller's ledger first (after a payout being recorded, or
 * before it: never inside a statement already written; `db/ledger-order.ts`). Then the sale's
 * refunded amount and commission grow; the rollups of the sale's own local day, product and
 * seller lose the refund's amount and net, and, when this refund empties the sale, count it
 * among the refunded sales rather than the sales; the buyer's customer total loses the net too.
 * Returns the sale as it now is, with the refund's own id and creation time.
 */
function recordRefundQuery(value: (key: keyof RefundValues) => SQL, timeZone: string): SQL {
  const amount = value('amount');
  const net = value('netAmount');
  return sql`
    with placed as (
      select where ${ledgerEntryPlaced(value('sellerId'))}
    ),
    new_refund as (
      insert into ${refunds} (refund_id, sale_id, seller_id, order_id, kind, amount,
        commission_returned, net_amount, reason, refunded_at, created_at)
      select ${value('refundId')}, ${value('saleId')}, ${value('sellerId')},
        ${value('orderId')}, ${value('kind')}, ${amount}::bigint,
        ${value('commissionReturned')}::bigint, ${net}::bigint, ${value('reason')},
        ${value('refundedAt')}::timestamptz, ${ledgerTime}
      from placed
      on conflict (refund_id) do nothing
      returning id, created_at
    ),
    updated as (
      update ${sales} set refunded_amount = refunded_amount + ${amount}::bigint,
        refunded_commission = refunded_commission + ${value('commissionReturned')}::bigint
      where id = ${value('saleId')} and exists (select from new_refund)
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
    select updated.*, new_refund.id as refund_row_id, new_refund.created_at as refund_created_at
    from updated, new_refund`;
}

/** A refund's values as the statement that records it takes them. */
type RefundValues = Omit<NewRefund, 'reason' | 'refundedAt'> & {
  reason: string | null;
  /** ISO 8601. */
  refundedAt: string;
};

const refundKindOf = (row: RawRow): RefundKind => {
  const kind = column.text(row, 'kind');
  const known = refundKinds.find((candidate) => candidate === kind);
  if (!known) throw new Error(`column kind: not a refund kind: ${kind}`);
  return known;
};

/** A `refunds` row as a raw statement returns it (`returning *`, `select *`). */
function refundRowOf(row: RawRow): RefundRow {
  return {
    id: column.text(row, 'id'),
    refundId: column.text(row, 'refund_id'),
    saleId: column.text(row, 'sale_id'),
    sellerId: column.text(row, 'seller_id'),
    orderId: column.text(row, 'order_id'),
    kind: refundKindOf(row),
    amount: column.integer(row, 'amount'),
    commissionReturned: column.integer(row, 'commission_returned'),
    netAmount: column.integer(row, 'net_amount'),
    reason: column.nullableText(row, 'reason'),
    refundedAt: column.timestamp(row, 'refunded_at'),
    createdAt: column.timestamp(row, 'created_at'),
  };
}

/**
 * The statements of one refund, named: the member site sends refunds all day, and each is
 * parsed once per connection rather than at every call.
 */
function refundStatements(timeZone: string) {
  return {
    lockSaleOfOrder: namedStatement(
      'refund_lock_sale_of_order',
      (value) => saleForRefundQuery(sql`s.order_id = ${value('orderId')}`, true),
      saleForRefundOf,
    ),
    record: namedStatement(
      'refund_record',
      (value: (key: keyof RefundValues) => SQL) => recordRefundQuery(value, timeZone),
      (row) => ({
        sale: saleRowOf(row),
        refundRowId: column.text(row, 'refund_row_id'),
        refundCreatedAt: column.timestamp(row, 'refund_created_at'),
      }),
    ),
  };
}

/** The writes of one refund; every call runs inside the caller's transaction. */
function refundWrites(
  statements: TransactionStatements,
  named: ReturnType<typeof refundStatements>,
) {
  return {
    /**
     * The sale of `orderId`, its row locked until the transaction ends: refunds of one sale
     * are checked against what is left one after the other.
     */
    async lockSaleOfOrder(orderId: string): Promise<SaleForRefund | undefined> {
      const [found] = await statements.run(named.lockSaleOfOrder, { orderId });
      return found;
    },

    /**
     * Records the refund and takes it off its sale and the rollups (`recordRefundQuery`),
     * unless its refund id is already recorded: undefined then, and nothing written.
     */
    async recordRefund(
      values: NewRefund,
    ): Promise<{ refund: RefundRow; sale: SaleRow } | undefined> {
      const reason = values.reason ?? null;
      const [row] = await statements.run(named.record, {
        ...values,
        reason,
        refundedAt: values.refundedAt.toISOString(),
      });
      if (!row) return undefined;
      const refund: RefundRow = {
        ...values,
        id: row.refundRowId,
        reason,
        createdAt: row.refundCreatedAt,
      };
      return { refund, sale: row.sale };
    },
  };
}

export type RefundWrites = ReturnType<typeof refundWrites>;

export function createRefundRepository(
  { db, statements, transaction }: DataAccess,
  timeZone: string,
) {
  const named = refundStatements(timeZone);
  const findRefund = statements.prepare(
    'refund_by_refund_id',
    sql`select * from ${refunds} where refund_id = ${sql.placeholder('refundId')} limit 1`,
    refundRowOf,
  );
  return {
    /** `tx` is for what other modules write with the refund (its mail and webhook jobs). */
    transaction<T>(work: (writes: RefundWrites, tx: Database) => Promise<T>): Promise<T> {
      return transaction((tx, inTransaction) => work(refundWrites(inTransaction, named), tx));
    },

    async findRefund(refundId: string): Promise<RefundRow | undefined> {
      const [row] = await findRefund({ refundId });
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
