import { defineEndpoint } from '../endpoint.ts';
import { webhookSchema } from './webhook.ts';

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
