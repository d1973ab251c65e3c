import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { salesPeriodSchema } from './get-transactions.ts';

export const exportSalesQuerySchema = z.object({ period: salesPeriodSchema });
export type ExportSalesQuery = z.input<typeof exportSalesQuerySchema>;

/** The columns of the CSV file, in order. */
export const salesCsvColumns = [
  'purchase_date',
  'order_id',
  'product_title',
  'customer_email',
  'payment_method',
  'purchase_price_krw',
  'commission_rate_percent',
  'commission_krw',
  'net_krw',
  /** `paid`, `partially_refunded` or `refunded`, as the transactions list says. */
  'status',
  /** What refunds and chargebacks took back of the price: the sale counts for the rest. */
  'refunded_krw',
  /** Downloads since the sale or the seller's last reset, as the transactions list says. */
  'download_count',
  /** Local time of the last download link given to the buyer; empty before any. */
  'last_download_at',
  /** The discount code the buyer used; empty without one. */
  'discount_code',
  /** The price before the discount; empty when not sent. */
  'list_amount',
  /** What the discount took off; empty without one. */
  'discount_amount',
  /** What the member site told of the buyer and where they came from; empty when it did not. */
  'buyer_country',
  'buyer_locale',
  'source',
  'utm_campaign',
] as const;

/**
 * Streams the period's sales as `text/csv` (UTF-8 with a byte order mark so that spreadsheet
 * programs read Korean and Chinese), newest first, as an attachment named
 * `sales-<period>-<yyyy-MM-dd>.csv`. Dates are local to the server's time zone.
 */
export const exportSalesEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/products/sales/export',
  operationId: 'exportSales',
  summary: "The seller's sales as a CSV file",
  description:
    "The sales of a period as `text/csv` in UTF-8 with a byte order mark (so that spreadsheet programs read Korean and Chinese), newest first, as an attachment named `sales-<period>-<yyyy-MM-dd>.csv`. Dates are local to the server's time zone.",
  tags: ['sales'],
  auth: true,
  scope: 'sales:read',
  successStatus: 200,
  query: exportSalesQuerySchema,
  produces: 'text/csv',
});
