import { type SQL, sql } from 'drizzle-orm';
import type { DataAccess, Database } from '../../db/client.ts';
import { customerOfRefund } from '../../db/customer-figures.ts';
import { namedStatement, type RawRow } from '../../db/hot-statements.ts';
import { ledgerEntryPlaced, ledgerTime } from '../../db/ledger-order.ts';
import { localDay } from '../../db/local-days.ts';
import { audienceName, hearing, type SaleAudience } from '../../db/sale-audience.ts';
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

/** A sale as a refund needs it: the row, its product's title and its seller's webhook events. */
export interface SaleForRefund {
  sale: SaleRow;
  productTitle: string;
  /** The events the seller's webhook listens to; null without a webhook. */
  webhookEvents: string[] | null;
}

const saleForRefundOf = (row: RawRow): SaleForRefund => ({
  sale: saleRowOf(row),
  productTitle: column.text(row, 'product_title'),
  webhookEvents: column.nullableTexts(row, 'webhook_events'),
});

/** The sale matching `where`, with its product's title and its seller's webhook events. */
function saleForRefundQuery(where: SQL, lock: boolean): SQL {
  return sql`
    select s.*, p.title as product_title, w.events as webhook_events
    from ${sales} s
    join ${products} p on p.id = s.product_id
    left join ${webhooks} w on w.seller_id = s.seller_id
    where ${where}${lock ? sql` for update of s` : sql``}`;
}

/**
 * A refund in one statement, the only place a refund's commission is computed. Reads the sale
 * of the order, its row locked (`for update`: refunds of one sale follow each other, and each
 * sees what the one before it left), with its product's title and who hears of it (`hearing`, one
 * flag per audience, in their order). When `write` holds (a SQL condition on `sale.hearing`) and
 * the sale can take the refund (no more than what is left of it, dated no earlier than the sale;
 * one the member site did not date is dated at the later of now and the sale's time), the
 * refund takes its place in the seller's ledger (`db/ledger-order.ts`) and is recorded unless
 * its refund id already is; only then the sale's refunded amount and commission grow, and the
 * rollups of the sale's own local day, product and seller lose the refund's amount and net (and,
 * when it empties the sale, count it among the refunded sales rather than the sales), and the
 * buyer's customer total loses the net too.
 *
 * The commission returned (docs/product-rules.md): in proportion to the part of the sale
 * refunded, rounded down, except that the refund emptying the sale returns all the commission
 * left, so that a sale's refunds return exactly the commission it took. In numeric: commission ×
 * amount can pass what a bigint holds.
 *
 * One row when the refund was recorded (the sale as it now is, with the refund's own id, time and
 * commission), none otherwise: no such order, a refund the sale cannot take, a refund id already
 * recorded, or `write` false. The service decides which (`refusal`).
 */
function refundQuery(
  value: (key: keyof RefundValues) => SQL,
  audiences: readonly SaleAudience[],
  timeZone: string,
  write: SQL,
): SQL {
  const amount = sql`${value('amount')}::bigint`;
  return sql`
    with sale as (
      select sa.id, sa.seller_id, sa.order_id, sa.amount, sa.commission_amount,
             sa.refunded_amount, sa.refunded_commission, sa.purchased_at,
             coalesce(${value('refundedAt')}::timestamptz,
                      greatest(${value('now')}::timestamptz, sa.purchased_at)) as refunded_at,
             p.title as product_title, ${hearing(audiences)} as hearing
      from ${sales} sa
      join ${products} p on p.id = sa.product_id
      join ${sellers} s on s.id = sa.seller_id
      left join ${webhooks} w on w.seller_id = sa.seller_id
      where sa.order_id = ${value('orderId')}
      for update of sa
    ),
    taken as (
      select sale.id, sale.seller_id, sale.order_id, sale.product_title, sale.hearing,
             sale.refunded_at,
             case when sale.refunded_amount + ${amount} >= sale.amount
                  then sale.commission_amount - sale.refunded_commission
                  else div(sale.commission_amount::numeric * ${amount}, sale.amount)::bigint
             end as commission
      from sale
      where ${write} and ${amount} <= sale.amount - sale.refunded_amount
        and sale.refunded_at >= sale.purchased_at
        and ${ledgerEntryPlaced(sql`sale.seller_id`)}
    ),
    new_refund as (
      insert into ${refunds} (refund_id, sale_id, seller_id, order_id, kind, amount,
        commission_returned, net_amount, reason, refunded_at, created_at)
      select ${value('refundId')}, taken.id, taken.seller_id, taken.order_id, ${value('kind')},
        ${amount}, taken.commission, ${amount} - taken.commission, ${value('reason')},
        taken.refunded_at, ${ledgerTime}
      from taken
      on conflict (refund_id) do nothing
      returning id, sale_id, commission_returned, net_amount, refunded_at, created_at
    ),
    updated as (
      update ${sales} sa set refunded_amount = sa.refunded_amount + ${amount},
        refunded_commission = sa.refunded_commission + new_refund.commission_returned
      from new_refund
      where sa.id = new_refund.sale_id
      returning sa.*
    ),
    change as (
      select updated.seller_id, updated.product_id,
             ${localDay(sql`updated.purchased_at`, timeZone)} as day,
             case when ${fullyRefunded('updated')} then 1 else 0 end as emptied,
             new_refund.net_amount as net
      from updated, new_refund
    ),
    daily as (
      update ${salesDaily} d set count = d.count - change.emptied,
        refunded_count = d.refunded_count + change.emptied,
        amount = d.amount - ${amount}, net = d.net - change.net
      from change where d.seller_id = change.seller_id and d.day = change.day
    ),
    per_product as (
      update ${productSales} ps set count = ps.count - change.emptied,
        amount = ps.amount - ${amount}, net = ps.net - change.net
      from change where ps.product_id = change.product_id
    ),
    totals as (
      update ${sellerSalesTotals} t set count = t.count - change.emptied,
        refunded_count = t.refunded_count + change.emptied,
        amount = t.amount - ${amount}, net = t.net - change.net
      from change where t.seller_id = change.seller_id
    ),
    ${customerOfRefund(sql`(select net from change)`)}
    select updated.*, taken.product_title, taken.hearing, new_refund.id as refund_row_id,
           new_refund.refunded_at as refund_refunded_at,
           new_refund.created_at as refund_created_at,
           new_refund.commission_returned as refund_commission_returned,
           new_refund.net_amount as refund_net_amount
    from updated, new_refund, taken`;
}

/** A refund as the member site reports it, checked, and when it was made. */
export interface RefundValues {
  refundId: string;
  orderId: string;
  kind: RefundKind;
  amount: number;
  reason: string | null;
  /** When the member site says the refund was made; null when it does not say. */
  refundedAt: Date | null;
  /**
   * When the refund is recorded: its date when the member site gives none, or its sale's time
   * when that is later (a sale dated a little ahead of this clock).
   */
  now: Date;
}

/** A refund just recorded: its row, its sale as it now is, and who hears of it. */
export interface RecordedRefundRows {
  refund: RefundRow;
  sale: SaleRow;
  productTitle: string;
  /** One flag per audience, in the order they were given (`refundsHeardBy`). */
  hearing: boolean[];
}

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

/** The statement's values, as the driver takes them. */
const statementValues = (values: RefundValues): Record<keyof RefundValues, unknown> => ({
  ...values,
  refundedAt: values.refundedAt?.toISOString() ?? null,
  now: values.now.toISOString(),
});

/** The row of `refundQuery`, with the values it was given. */
function recordedOf(row: RawRow, values: RefundValues): RecordedRefundRows {
  const sale = saleRowOf(row);
  return {
    refund: {
      refundId: values.refundId,
      orderId: values.orderId,
      kind: values.kind,
      amount: values.amount,
      reason: values.reason,
      id: column.text(row, 'refund_row_id'),
      saleId: sale.id,
      sellerId: sale.sellerId,
      commissionReturned: column.integer(row, 'refund_commission_returned'),
      netAmount: column.integer(row, 'refund_net_amount'),
      refundedAt: column.timestamp(row, 'refund_refunded_at'),
      createdAt: column.timestamp(row, 'refund_created_at'),
    },
    sale,
    productTitle: column.text(row, 'product_title'),
    hearing: column.booleans(row, 'hearing'),
  };
}

export function createRefundRepository(
  { db, statements, transaction }: DataAccess,
  timeZone: string,
) {
  const findRefund = statements.prepare(
    'refund_by_refund_id',
    sql`select * from ${refunds} where refund_id = ${sql.placeholder('refundId')} limit 1`,
    refundRowOf,
  );
  // The member site sends refunds all day: each statement of one is sent under its name, and
  // parsed once per connection rather than at every call.
  const lockSaleOfOrder = namedStatement(
    'refund_lock_sale_of_order',
    (value) => saleForRefundQuery(sql`s.order_id = ${value('orderId')}`, true),
    saleForRefundOf,
  );
  return {
    /**
     * The refund statements (`refundQuery`) for listeners who hear of the refunds of
     * `audiences`, given in the listeners' order; built once, by the refund service.
     */
    refundsHeardBy(audiences: readonly SaleAudience[]) {
      const heard = sql`true = any(sale.hearing)`;
      // A refund nobody hears of: one statement, committed by itself.
      const quiet = statements.prepare(
        audienceName('refund_quiet', audiences),
        refundQuery((key) => sql`${sql.placeholder(key)}`, audiences, timeZone, sql`not ${heard}`),
        (row) => row,
        { locks: true },
      );
      const record = namedStatement(
        audienceName('refund_record', audiences),
        (value: (key: keyof RefundValues) => SQL) =>
          refundQuery(value, audiences, timeZone, sql`true`),
        (row) => row,
      );
      return {
        /**
         * The refund recorded by one statement when nobody hears of it and its sale takes it;
         * undefined when nothing was written (someone hears of it, the order is unknown, the
         * sale cannot take it, or its refund id is already recorded).
         */
        async recordQuiet(values: RefundValues): Promise<RecordedRefundRows | undefined> {
          const [row] = await quiet(statementValues(values));
          return row && recordedOf(row, values);
        },

        /** `tx` is for what other modules write with the refund (its mail and webhook jobs). */
        transaction<T>(work: (writes: RefundWrites, tx: Database) => Promise<T>): Promise<T> {
          return transaction((tx, inTransaction) =>
            work(
              {
                async lockSaleOfOrder(orderId) {
                  const [found] = await inTransaction.run(lockSaleOfOrder, { orderId });
                  return found;
                },
                async recordRefund(values) {
                  const [row] = await inTransaction.run(record, statementValues(values));
                  return row && recordedOf(row, values);
                },
              },
              tx,
            ),
          );
        },
      };
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

/** The writes of one refund; every call runs inside the caller's transaction. */
export interface RefundWrites {
  /**
   * The sale of `orderId`, its row locked until the transaction ends: refunds of one sale are
   * checked against what is left one after the other.
   */
  lockSaleOfOrder(orderId: string): Promise<SaleForRefund | undefined>;
  /**
   * Records the refund whoever hears of it (`refundQuery`); undefined when nothing was written:
   * its refund id is already recorded (the sale, locked and checked, takes it).
   */
  recordRefund(values: RefundValues): Promise<RecordedRefundRows | undefined>;
}

export type RefundRepository = ReturnType<typeof createRefundRepository>;
