import { defineEndpoint } from '../endpoint.ts';
import { dataExportResponseSchema } from './data-export.ts';

export const requestDataExportEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/auth/export',
  operationId: 'requestDataExport',
  summary: 'Ask for a copy of all the account data',
  description:
    'Starts building a ZIP file of the account: `profile.json`, `settlement.json`, `products.json`, and `sales.csv`, `refunds.csv`, `payouts.csv`, `ledger.csv`, `activity.csv` (UTF-8 with a byte order mark). The seller is mailed when it is ready; it is kept 24 hours. One export at a time: while one is being built, asking again answers 202 with that one and starts nothing; a ready one is replaced by the new one. Recorded in the activity log as `export_requested`.',
  tags: ['auth'],
  auth: true,
  successStatus: 202,
  response: dataExportResponseSchema,
});
