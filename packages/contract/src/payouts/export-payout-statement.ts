import { defineEndpoint } from '../endpoint.ts';
import { payoutIdParamsSchema } from './payout.ts';

export const exportPayoutStatementEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/payouts/{id}/statement.csv',
  operationId: 'exportPayoutStatement',
  summary: "A payout's statement as a CSV file",
  description:
    "The ledger entries of the payout's statement (after the previous payout up to and including this one), oldest first, with the columns of the ledger export, as `text/csv` in UTF-8 with a byte order mark, named `payout-<id>.csv`. Another seller's payout is 404.",
  tags: ['payouts'],
  auth: true,
  scope: 'sales:read',
  successStatus: 200,
  params: payoutIdParamsSchema,
  produces: 'text/csv',
});
