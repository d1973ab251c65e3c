import { salesCsvColumns } from '@seller/contract/sales/export-sales';
import { byteOrderMark, csvLine, localDateTimeFormatter } from '../../lib/csv.ts';
import type { SaleListItem } from './sales.repository.ts';
import { transactionStatus } from './sales-status.ts';

/** The BOM and header, then one chunk of lines per page of sales. */
export async function* salesCsvRows(
  pages: AsyncIterable<SaleListItem[]>,
  timeZone: string,
): AsyncGenerator<string> {
  const localTime = localDateTimeFormatter(timeZone);
  yield byteOrderMark + csvLine(salesCsvColumns);
  for await (const page of pages) {
    yield page
      .map((sale) =>
        csvLine([
          localTime(new Date(sale.purchasedAt)),
          sale.orderId,
          sale.productTitle,
          sale.customerEmail,
          sale.paymentMethod,
          sale.amount,
          sale.commissionRate / 100,
          sale.commissionAmount,
          sale.netAmount,
          transactionStatus(sale.amount, sale.refundedAmount),
          sale.refundedAmount,
          sale.downloadCount,
          sale.lastDownloadAt === null ? '' : localTime(new Date(sale.lastDownloadAt)),
          sale.discountCode ?? '',
          sale.listAmount ?? '',
          sale.discountAmount ?? '',
          sale.buyerCountry ?? '',
          sale.buyerLocale ?? '',
          sale.source ?? '',
          sale.utmCampaign ?? '',
        ]),
      )
      .join('');
  }
}
