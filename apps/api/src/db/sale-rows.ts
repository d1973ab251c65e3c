import type { RawRow } from './hot-statements.ts';
import type { SaleRow } from './schema.ts';
import { column } from './sql-values.ts';

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
