import { z } from 'zod';
import type { SaleRow } from './schema.ts';
import { sqlInteger, sqlTimestamp } from './sql-values.ts';

/**
 * The columns of a `sales` row as a raw query returns them (`returning *`, `select s.*`), for
 * the statements drizzle's query builder cannot write (the purchase with its rollups in one
 * statement, the paged transactions list).
 */
export const saleColumns = z.object({
  id: z.string(),
  order_id: z.string(),
  seller_id: z.string(),
  product_id: z.string(),
  customer_email: z.string(),
  payment_method: z.string(),
  amount: sqlInteger,
  commission_rate_bp: sqlInteger,
  commission_amount: sqlInteger,
  net_amount: sqlInteger,
  purchased_at: sqlTimestamp,
  refunded_amount: sqlInteger,
  refunded_commission: sqlInteger,
  created_at: sqlTimestamp,
});

/** The table's own row type, whichever way the row was read. */
export function toSaleRow(row: z.output<typeof saleColumns>): SaleRow {
  return {
    id: row.id,
    orderId: row.order_id,
    sellerId: row.seller_id,
    productId: row.product_id,
    customerEmail: row.customer_email,
    paymentMethod: row.payment_method,
    amount: row.amount,
    commissionRate: row.commission_rate_bp,
    commissionAmount: row.commission_amount,
    netAmount: row.net_amount,
    purchasedAt: row.purchased_at,
    refundedAmount: row.refunded_amount,
    refundedCommission: row.refunded_commission,
    createdAt: row.created_at,
  };
}

export const saleRow = saleColumns.transform(toSaleRow);
