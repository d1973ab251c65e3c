import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { broadcastKinds } from './broadcast.ts';

export const unsubscribeParamsSchema = z.object({
  token: z.string(),
});

export const unsubscribeResponseSchema = z.object({
  /** What the link turned off: marketing mail, or product update mail. */
  unsubscribed: z.object({ kind: z.enum(broadcastKinds) }),
});
export type UnsubscribeResponse = z.infer<typeof unsubscribeResponseSchema>;

export const unsubscribeEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/public/unsubscribe/{token}',
  operationId: 'unsubscribeBuyer',
  summary: "Stop a seller's mail (one click)",
  description:
    "The one-click unsubscribe of every mail to buyers (RFC 8058: the mail's `List-Unsubscribe` header names this URL and `List-Unsubscribe-Post: List-Unsubscribe=One-Click`), without signing in. The token is the buyer's for one seller and one kind of mail: from a marketing mail it withdraws marketing consent, from a product update mail it turns product updates off. Calling it again changes nothing and answers the same. A token that was never issued is 404 `unsubscribe_token_invalid`. Nothing happens on GET: mail scanners follow links.",
  tags: ['customers'],
  auth: false,
  successStatus: 200,
  errors: ['unsubscribe_token_invalid'],
  params: unsubscribeParamsSchema,
  response: unsubscribeResponseSchema,
});
