import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { paginationSchema } from '../sales/get-transactions.ts';
import { checkLedgerRange, ledgerEntrySchema, ledgerRangeShape, pageQueryShape } from './payout.ts';

export const ledgerQuerySchema = z
  .object({ ...pageQueryShape, ...ledgerRangeShape })
  .superRefine(checkLedgerRange);
export type LedgerQuery = z.input<typeof ledgerQuerySchema>;

export const ledgerResponseSchema = z.object({
  entries: z.array(ledgerEntrySchema),
  pagination: paginationSchema,
});
export type LedgerResponse = z.infer<typeof ledgerResponseSchema>;

export const getLedgerEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/payouts/ledger',
  operationId: 'getLedger',
  summary: "The seller's ledger, a page at a time",
  description:
    "Every sale, refund, chargeback and payout of the seller, newest first, each with the balance once it is counted (`balanceAfter`, over the whole ledger even when `from` or `to` narrows the page). `from` and `to` are local days (`YYYY-MM-DD` in the server's time zone), both included; `from` after `to` is 400. A page past the last one is empty.",
  tags: ['payouts'],
  auth: true,
  scope: 'sales:read',
  successStatus: 200,
  query: ledgerQuerySchema,
  response: ledgerResponseSchema,
});
