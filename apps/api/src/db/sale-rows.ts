import { type SQL, sql } from 'drizzle-orm';
import type { RawRow } from './hot-statements.ts';
import type { SaleRow } from './schema.ts';
import { column } from './sql-values.ts';

/** A sale's discount columns as a raw statement returns them. */
export const discountOfSaleRow = (row: RawRow) => ({
  discountCode: column.nullableText(row, 'discount_code'),
  listAmount: column.nullableInteger(row, 'list_amount'),
  discountAmount: column.nullableInteger(row, 'discount_amount'),
  discountOverLimit: column.boolean(row, 'discount_over_limit'),
});

/**
 * A `sales` row as a raw statement returns it (`returning *`, `select s.*`), for the statements
 * drizzle's query builder cannot write (the purchase with its rollups in one statement).
 */
export function saleRowOf(row: RawRow): SaleRow {
  return {
    id: column.text(row, 'id'),
    orderId: column.text(row, 'order_id'),
    sellerId: column.text(row, 'seller_id'),
    productId: column.text(row, 'product_id'),
    customerEmail: column.text(row, 'customer_email'),
    paymentMethod: column.text(row, 'payment_method'),
    amount: column.integer(row, 'amount'),
    commissionRate: column.integer(row, 'commission_rate_bp'),
    commissionAmount: column.integer(row, 'commission_amount'),
    netAmount: column.integer(row, 'net_amount'),
    purchasedAt: column.timestamp(row, 'purchased_at'),
    refundedAmount: column.integer(row, 'refunded_amount'),
    refundedCommission: column.integer(row, 'refunded_commission'),
    downloadCount: column.integer(row, 'download_count'),
    lastDownloadAt: column.nullableTimestamp(row, 'last_download_at'),
    ...discountOfSaleRow(row),
    createdAt: column.timestamp(row, 'created_at'),
    buyerName: column.nullableText(row, 'buyer_name'),
    buyerCountry: column.nullableText(row, 'buyer_country'),
    buyerLocale: column.nullableText(row, 'buyer_locale'),
    marketingConsent: column.nullableBoolean(row, 'marketing_consent'),
    source: column.nullableText(row, 'source'),
    utmSource: column.nullableText(row, 'utm_source'),
    utmMedium: column.nullableText(row, 'utm_medium'),
    utmCampaign: column.nullableText(row, 'utm_campaign'),
  };
}

/**
 * Whether a sale is fully refunded: its refunds and chargebacks together took back its whole
 * amount (docs/product-rules.md, "Refunds and chargebacks"). A free copy (amount 0, with a
 * discount code) has nothing to take back and is never refunded. A fully refunded sale leaves the
 * sales counts, the best products and the daily summary, and gives no more downloads. The one
 * definition every statement uses; `sale` is the alias of the `sales` row, none in a statement
 * on `sales` alone.
 */
export function fullyRefunded(sale?: string): SQL {
  const of = (name: string) =>
    sale === undefined
      ? sql.identifier(name)
      : sql`${sql.identifier(sale)}.${sql.identifier(name)}`;
  return sql`(${of('refunded_amount')} > 0 and ${of('refunded_amount')} >= ${of('amount')})`;
}

/**
 * `fullyRefunded` for a sale already read (its status in an answer or a file);
 * `sale-rows.test.ts` keeps the two the same.
 */
export function isFullyRefunded(sale: { amount: number; refundedAmount: number }): boolean {
  return sale.refundedAmount > 0 && sale.refundedAmount >= sale.amount;
}
