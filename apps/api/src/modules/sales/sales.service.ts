import type { SalesPeriod } from '@seller/contract/limits';
import type { DailySalesResponse } from '@seller/contract/sales/get-daily-sales';
import type {
  ProductSalesRow,
  SalesByProductResponse,
} from '@seller/contract/sales/get-sales-by-product';
import {
  type SalesOverview,
  salesOverviewLatestSales,
  salesOverviewTopProducts,
  salesOverviewWindowDays,
} from '@seller/contract/sales/get-sales-overview';
import type { SalesFigures, SalesStats } from '@seller/contract/sales/get-sales-stats';
import type {
  Pagination,
  Transaction,
  TransactionsResponse,
  transactionsQuerySchema,
} from '@seller/contract/sales/get-transactions';
import type { z } from 'zod';
import type { SaleRow } from '../../db/schema.ts';
import { type JsonText, jsonText } from '../../lib/json-text.ts';
import type { Figures, ProductFigures, SaleListItem, SalesRepository } from './sales.repository.ts';
import { salesCsvRows } from './sales-csv.ts';
import { transactionStatus } from './sales-status.ts';

const figures = ({ count, amount, net }: Figures): SalesFigures => ({
  count,
  amount,
  commission: amount - net,
  net,
});

const toProductSalesRow = (row: ProductFigures): ProductSalesRow => ({
  productId: row.productId,
  title: row.title,
  productPrice: row.price,
  salesCount: row.count,
  totalRevenue: row.amount,
  netRevenue: row.net,
  lastSaleDate: row.lastSaleAt ? row.lastSaleAt.toISOString() : null,
});

export const toTransaction = (sale: SaleListItem): Transaction => ({
  purchase_id: sale.id,
  purchase_date: sale.purchasedAt,
  order_id: sale.orderId,
  product_id: sale.productId,
  product_title: sale.productTitle,
  customer_email: sale.customerEmail,
  payment_method: sale.paymentMethod,
  purchase_price: sale.amount,
  commission_rate: sale.commissionRate,
  commission_amount: sale.commissionAmount,
  net_amount: sale.netAmount,
  status: transactionStatus(sale.amount, sale.refundedAmount),
  refunded_amount: sale.refundedAmount,
  download_count: sale.downloadCount,
  last_download_at: sale.lastDownloadAt,
  discount_code: sale.discountCode,
  list_amount: sale.listAmount,
  discount_amount: sale.discountAmount,
  discount_over_limit: sale.discountOverLimit,
  buyer_country: sale.buyerCountry,
  buyer_locale: sale.buyerLocale,
  source: sale.source,
  utm_campaign: sale.utmCampaign,
});

/** A sale as stored (`sales` row) and its product's title, as the transactions list shows it. */
export const saleRowToTransaction = (sale: SaleRow, productTitle: string): Transaction =>
  toTransaction({
    ...sale,
    purchasedAt: sale.purchasedAt.toISOString(),
    lastDownloadAt: sale.lastDownloadAt?.toISOString() ?? null,
    productTitle,
  });

/** Rows fetched per query while streaming an export: memory stays flat whatever the total. */
const defaultExportPageSize = 1000;

export function createSalesService(deps: {
  sales: SalesRepository;
  timeZone: string;
  now?: () => Date;
  exportPageSize?: number;
}) {
  const { sales, timeZone } = deps;
  const now = deps.now ?? (() => new Date());
  const exportPageSize = deps.exportPageSize ?? defaultExportPageSize;

  return {
    async stats(sellerId: string): Promise<SalesStats> {
      const { total, month, today } = await sales.stats(sellerId, now());
      return {
        totalSales: figures(total),
        monthlySales: figures(month),
        todaySales: figures(today),
      };
    },

    async transactions(
      sellerId: string,
      query: z.output<typeof transactionsQuerySchema>,
    ): Promise<JsonText<TransactionsResponse>> {
      const { page, limit, period, day } = query;
      const range = day ? { day } : period;
      const at = now();
      const offset = (page - 1) * limit;
      let total: number;
      let transactions: JsonText<Transaction[]>;
      if (offset === 0) {
        ({ total, transactions } = await sales.firstPage(sellerId, range, at, limit));
      } else {
        total = await sales.countSales(sellerId, range, at);
        transactions =
          offset < total
            ? await sales.listSales(sellerId, range, at, offset, limit)
            : jsonText<Transaction[]>('[]');
      }
      const pagination: Pagination = { total, page, limit, totalPages: Math.ceil(total / limit) };
      // The page as PostgreSQL wrote it, inside the answer's own JSON.
      return jsonText<TransactionsResponse>(
        `{"transactions":${transactions},"pagination":${JSON.stringify(pagination)}}`,
      );
    },

    async daily(sellerId: string, days: number): Promise<JsonText<DailySalesResponse>> {
      const list = await sales.daily(sellerId, now(), days);
      return jsonText<DailySalesResponse>(`{"dailySales":${list}}`);
    },

    async byProduct(sellerId: string): Promise<SalesByProductResponse> {
      const rows = await sales.byProduct(sellerId);
      return { products: rows.map(toProductSalesRow) };
    },

    /**
     * The dashboard's revenue: the last 30 days against the 30 before (60 rows of the daily
     * rollup), the best sellers (the per-product rollup) and the latest sales (the newest
     * entries of the seller's sales index).
     */
    async overview(sellerId: string): Promise<JsonText<SalesOverview>> {
      const windowDays = salesOverviewWindowDays;
      const { current, previous, daily, topProducts, latestSales } = await sales.overview(
        sellerId,
        now(),
        { window: windowDays, top: salesOverviewTopProducts, latest: salesOverviewLatestSales },
      );
      // The lists as PostgreSQL wrote them, the two windows' figures written here.
      return jsonText<SalesOverview>(
        `{"windowDays":${windowDays},"current":${JSON.stringify(figures(current))},` +
          `"previous":${JSON.stringify(figures(previous))},"daily":${daily},` +
          `"topProducts":${topProducts},"latestSales":${latestSales}}`,
      );
    },

    /** The file name and a stream of CSV text, read page by page (keyset). */
    async exportCsv(
      sellerId: string,
      period: SalesPeriod,
    ): Promise<{ fileName: string; lines: AsyncIterable<string> }> {
      const at = now();
      const fileName = `sales-${period}-${await sales.today(at)}.csv`;
      async function* pages(): AsyncGenerator<SaleListItem[]> {
        let cursor: Parameters<SalesRepository['salesAfter']>[3];
        do {
          const page = await sales.salesAfter(sellerId, period, at, cursor, exportPageSize);
          if (page.items.length > 0) yield page.items;
          cursor = page.next;
        } while (cursor);
      }
      return { fileName, lines: salesCsvRows(pages(), timeZone) };
    },
  };
}

export type SalesService = ReturnType<typeof createSalesService>;
