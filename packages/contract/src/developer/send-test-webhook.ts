import { defineEndpoint } from '../endpoint.ts';
import { webhookDeliverySchema } from './webhook.ts';

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
