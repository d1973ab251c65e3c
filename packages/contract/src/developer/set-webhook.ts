import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { webhookEvents, webhookSchema } from './webhook.ts';

export const webhookUrlSchema = z
  .string({ error: 'webhookUrlRequired' })
  .trim()
  .min(1, 'webhookUrlRequired')
  .max(2048, 'webhookUrlInvalid')
  .url({ error: 'webhookUrlInvalid' });

export const putWebhookBodySchema = z.object({
  url: webhookUrlSchema,
  events: z
    .array(z.enum(webhookEvents, { error: 'webhookEventInvalid' }), {
      error: 'webhookEventsRequired',
    })
    .min(1, 'webhookEventsRequired')
    .refine((events) => new Set(events).size === events.length, 'webhookEventInvalid'),
});
export type PutWebhookBody = z.input<typeof putWebhookBodySchema>;

export const putWebhookEndpoint = defineEndpoint({
  method: 'PUT',
  path: '/api/webhook',
  operationId: 'setWebhook',
  summary: 'Set the webhook',
  description:
    'Where events are POSTed (https; a loopback http URL only when the server allows it for tests) and which (`sale.created`, `sale.refunded`, `product.updated`, `payout.paid`). A URL whose host is or resolves to a private, loopback, link-local or metadata address is refused (400 `webhook_url_not_allowed`); the address is checked again at each delivery. The first save answers the signing secret, once.',
  tags: ['developer'],
  auth: true,
  successStatus: 200,
  errors: ['webhook_url_not_allowed'],
  body: putWebhookBodySchema,
  response: webhookSchema,
});
