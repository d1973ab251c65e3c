import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { checkLedgerRange, ledgerRangeShape } from './payout.ts';

export const exportLedgerQuerySchema = z.object(ledgerRangeShape).superRefine(checkLedgerRange);
export type ExportLedgerQuery = z.input<typeof exportLedgerQuerySchema>;

export const exportLedgerEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/payouts/ledger/export',
  operationId: 'exportLedger',
  summary: "The seller's ledger as a CSV file",
  description:
    "The ledger entries of `GET /api/payouts/ledger` (same `from` and `to`) as `text/csv` in UTF-8 with a byte order mark, newest first, as an attachment named `ledger-<yyyy-MM-dd>.csv`. Dates are local to the server's time zone; text a spreadsheet would run as a formula is written with a leading apostrophe.",
  tags: ['payouts'],
  auth: true,
  scope: 'sales:read',
  successStatus: 200,
  query: exportLedgerQuerySchema,
  produces: 'text/csv',
});
