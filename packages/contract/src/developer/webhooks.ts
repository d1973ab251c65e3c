import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { productSchema } from '../products/product.ts';
import { transactionSchema } from '../sales/get-transactions.ts';

/** What a webhook can be told about. */
export const webhookEvents = ['sale.created', 'product.updated'] as const;
export type WebhookEvent = (typeof webhookEvents)[number];

/** The body of every delivery: `X-Webhook-Id` repeats `id`, the same for every retry. */
export const webhookPayloadSchema = z.discriminatedUnion('type', [
  z.object({
    id: z.string(),
    type: z.literal('sale.created'),
    createdAt: z.iso.datetime(),
    /** The sale as `GET /api/products/sales/transactions` shows it. */
    data: transactionSchema,
  }),
  z.object({
    id: z.string(),
    type: z.literal('product.updated'),
    createdAt: z.iso.datetime(),
    /** The product as `GET /api/products/{id}` shows it. */
    data: productSchema,
  }),
  z.object({
    id: z.string(),
    type: z.literal('webhook.test'),
    createdAt: z.iso.datetime(),
    data: z.object({ message: z.string() }),
  }),
]);
export type WebhookPayload = z.infer<typeof webhookPayloadSchema>;

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

export const webhookSchema = z.object({
  /** null: no webhook is set. */
  url: z.string().nullable(),
  events: z.array(z.enum(webhookEvents)),
  /** The signing secret, only when it is new (first save, rotation): kept sealed after that. */
  secret: z.string().optional(),
});

export const putWebhookEndpoint = defineEndpoint({
  method: 'PUT',
  path: '/api/webhook',
  operationId: 'setWebhook',
  summary: 'Set the webhook',
  description:
    'Where events are POSTed (https; a loopback http URL only when the server allows it for tests) and which (`sale.created`, `product.updated`). A URL whose host is or resolves to a private, loopback, link-local or metadata address is refused (400 `webhook_url_not_allowed`); the address is checked again at each delivery. The first save answers the signing secret, once.',
  tags: ['developer'],
  auth: true,
  successStatus: 200,
  errors: ['webhook_url_not_allowed'],
  body: putWebhookBodySchema,
  response: webhookSchema,
});

export const getWebhookEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/webhook',
  operationId: 'getWebhook',
  summary: 'The webhook',
  description: 'The URL and events of the webhook (`url` null when none is set); never the secret.',
  tags: ['developer'],
  auth: true,
  successStatus: 200,
  response: webhookSchema,
});

export const deleteWebhookEndpoint = defineEndpoint({
  method: 'DELETE',
  path: '/api/webhook',
  operationId: 'deleteWebhook',
  summary: 'Remove the webhook',
  description: 'No more deliveries are made; those waiting for a retry are given up.',
  tags: ['developer'],
  auth: true,
  successStatus: 204,
});

export const rotateWebhookSecretEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/webhook/rotate-secret',
  operationId: 'rotateWebhookSecret',
  summary: 'A new signing secret',
  description:
    'Replaces the signing secret; deliveries from now on are signed with the new one, answered here once. 404 `not_found` without a webhook.',
  tags: ['developer'],
  auth: true,
  successStatus: 200,
  response: z.object({ secret: z.string() }),
});

export const webhookDeliverySchema = z.object({
  id: z.string(),
  /** The event's id (`X-Webhook-Id`): the same for a resend. */
  eventId: z.string(),
  event: z.string(),
  status: z.enum(['pending', 'succeeded', 'failed']),
  /** Attempts made so far. */
  attempts: z.number().int(),
  /** The receiver's last answer; null when it did not answer. */
  statusCode: z.number().int().nullable(),
  durationMs: z.number().int().nullable(),
  /** Why the last attempt failed, when it did. */
  error: z.string().nullable(),
  nextAttemptAt: z.iso.datetime().nullable(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

export const sendTestWebhookEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/webhook/test',
  operationId: 'sendTestWebhook',
  summary: 'Send a test event',
  description:
    'Queues a `webhook.test` delivery to the webhook, signed like the others; it shows in the delivery log. 404 `not_found` without a webhook.',
  tags: ['developer'],
  auth: true,
  successStatus: 202,
  response: webhookDeliverySchema,
});

export const listWebhookDeliveriesEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/webhook/deliveries',
  operationId: 'listWebhookDeliveries',
  summary: 'The delivery log',
  description:
    'The last 100 deliveries, newest first: time, event, status code, duration, attempts and the time of the next retry.',
  tags: ['developer'],
  auth: true,
  successStatus: 200,
  response: z.object({ deliveries: z.array(webhookDeliverySchema) }),
});

export const resendWebhookDeliveryEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/webhook/deliveries/{id}/resend',
  operationId: 'resendWebhookDelivery',
  summary: 'Send a delivery again',
  description:
    "Queues a new delivery of the same event (same body and `X-Webhook-Id`, so a receiver that saw it already can ignore it). Another seller's delivery is 404.",
  tags: ['developer'],
  auth: true,
  successStatus: 202,
  params: z.object({ id: z.string() }),
  response: webhookDeliverySchema,
});
