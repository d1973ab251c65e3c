import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { broadcastExcludedSchema, broadcastInputSchema, broadcastKinds } from './broadcast.ts';

export const createBroadcastBodySchema = broadcastInputSchema;

export const createBroadcastResponseSchema = z.object({
  broadcast: z.object({
    id: z.string(),
    kind: z.enum(broadcastKinds),
    recipients: z.number().int(),
    excluded: broadcastExcludedSchema,
  }),
});
export type CreateBroadcastResponse = z.infer<typeof createBroadcastResponseSchema>;

export const createBroadcastEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/customers/broadcasts',
  operationId: 'createBroadcast',
  summary: 'Write to buyers',
  description:
    "Records a mail to the seller's buyers and queues one message per buyer email; answers at once with who it reaches and who it leaves out. `product_update` (`productIds` required) goes to buyers of those products whose sale is not fully refunded and who kept product updates on, and may quote the label and changelog of `versionIds` (versions of those products' files). `marketing` goes only to buyers with consent `granted` (narrowed to buyers of `productIds` when given); a Korean mail's subject starts with (광고), names the seller and a contact, and is sent between 08:00 and 21:00 Asia/Seoul. Each buyer reads the frame in their language, the seller's `subject` (1–150 characters, one line) and `body` (1–10,000 characters, plain text) as written. 409 `broadcast_too_frequent`: marketing within 7 days of the last, or an update of a product within a day of its last; 409 `no_recipients`: nobody would be reached (nothing recorded). A product or version that is not the seller's is 400.",
  tags: ['customers'],
  auth: true,
  successStatus: 202,
  errors: ['broadcast_too_frequent', 'no_recipients'],
  body: createBroadcastBodySchema,
  response: createBroadcastResponseSchema,
});
