import { customersCsvColumns } from '@seller/contract/customers/export-customers';
import type { CustomerRow } from '../../db/schema.ts';
import { byteOrderMark, csvLine, localDateTimeFormatter } from '../../lib/csv.ts';

/** The BOM and header, then one chunk of lines per page of customers. */
export async function* customersCsvRows(
  pages: AsyncIterable<CustomerRow[]>,
  timeZone: string,
): AsyncGenerator<string> {
  const localTime = localDateTimeFormatter(timeZone);
  yield byteOrderMark + csvLine(customersCsvColumns);
  for await (const page of pages) {
    yield page
      .map((customer) =>
        csvLine([
          customer.email,
          customer.name ?? '',
          customer.country ?? '',
          customer.locale ?? '',
          customer.purchases,
          customer.totalNet,
          localTime(customer.firstPurchaseAt),
          localTime(customer.lastPurchaseAt),
          customer.productIds.join(' '),
          customer.marketingConsent,
          customer.productUpdates ? 'true' : 'false',
        ]),
      )
      .join('');
  }
}
