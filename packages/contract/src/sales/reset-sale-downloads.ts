import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { saleParamsSchema } from './get-sale.ts';
import { transactionSchema } from './get-transactions.ts';

export const resetSaleDownloadsResponseSchema = z.object({
  /** The sale with `download_count` back at 0 (`last_download_at` stays). */
  sale: transactionSchema,
});
export type ResetSaleDownloadsResponse = z.infer<typeof resetSaleDownloadsResponseSchema>;

export const resetSaleDownloadsEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/products/sales/{purchaseId}/reset-downloads',
  operationId: 'resetSaleDownloads',
  summary: "Give the buyer the sale's downloads again",
  description:
    "Sets the downloads counted against the product's `download_limit` back to 0 for every file of the sale, so that the buyer may download again; the deliveries so far stay in the sale's history. Answers the sale as the transactions list now shows it. Resetting a sale with no downloads changes nothing and is not an error. Another seller's sale, or an id that is not one, is 404. Needs a signed-in session (no API token scope reaches it).",
  tags: ['sales'],
  auth: true,
  successStatus: 200,
  errors: ['not_found'],
  params: saleParamsSchema,
  response: resetSaleDownloadsResponseSchema,
});
