import { ledgerCsvColumns } from '@seller/contract/payouts/payout';
import { byteOrderMark, csvLine, localDateTimeFormatter } from '../../lib/csv.ts';
import type {
  DayRange,
  LedgerCursor,
  LedgerOrder,
  LedgerRow,
  PayoutRepository,
} from './payouts.repository.ts';

/**
 * The one writer of ledger CSV files: the ledger export, a payout's statement and the ledger of
 * the account's data export. Each entry's balance after it comes from the ledger's one running
 * sum (`balanceAfter`, `payouts.repository.ts`), never summed again here.
 */

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
          entry.id,
        ]),
      )
      .join('');
  }
}

/**
 * The ledger within the range in `order`, read in keyset pages of `pageSize` entries: memory
 * stays flat whatever the ledger's size, and an entry written during the download never moves
 * the pages still to come.
 */
export async function* ledgerPages(
  payouts: Pick<PayoutRepository, 'ledgerAfter'>,
  sellerId: string,
  range: DayRange,
  order: LedgerOrder,
  pageSize: number,
): AsyncGenerator<LedgerRow[]> {
  let cursor: LedgerCursor | undefined;
  do {
    const page = await payouts.ledgerAfter(sellerId, range, order, cursor, pageSize);
    if (page.entries.length > 0) yield page.entries;
    cursor = page.next;
  } while (cursor);
}
