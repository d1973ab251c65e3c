import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { pageQueryShape } from '../payouts/payout.ts';
import { paginationSchema } from '../sales/get-transactions.ts';
import { broadcastSchema } from './broadcast.ts';

export const listBroadcastsQuerySchema = z.object({ ...pageQueryShape });
export type ListBroadcastsQuery = z.input<typeof listBroadcastsQuerySchema>;

export const listBroadcastsResponseSchema = z.object({
  broadcasts: z.array(broadcastSchema),
  pagination: paginationSchema,
});
export type ListBroadcastsResponse = z.infer<typeof listBroadcastsResponseSchema>;

export const listBroadcastsEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/customers/broadcasts',
  operationId: 'listBroadcasts',
  summary: "The seller's mails to buyers, a page at a time",
  description:
    "The seller's mails to buyers, newest first, each with the buyers it reaches and leaves out, and how many messages were sent and failed so far. A page past the last one is empty.",
  tags: ['customers'],
  auth: true,
  successStatus: 200,
  query: listBroadcastsQuerySchema,
  response: listBroadcastsResponseSchema,
});
