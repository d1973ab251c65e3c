import { ledgerCsvColumns } from '@seller/contract/payouts/payout';
import { byteOrderMark, csvLine, localDateTimeFormatter } from '../../lib/csv.ts';
import type { LedgerRow } from './payouts.repository.ts';

/** The BOM and header, then one chunk of lines per page of ledger entries. */
export async function* ledgerCsvRows(
  pages: AsyncIterable<readonly LedgerRow[]>,
  timeZone: string,
): AsyncGenerator<string> {
  const localTime = localDateTimeFormatter(timeZone);
  yield byteOrderMark + csvLine(ledgerCsvColumns);
  for await (const page of pages) {
    yield page
      .map((entry) =>
        csvLine([
          localTime(new Date(entry.at)),
          entry.type,
          entry.orderId ?? '',
          entry.productTitle ?? '',
          entry.gross,
          entry.commission,
          entry.net,
          entry.balanceAfter,
        ]),
      )
      .join('');
  }
}
