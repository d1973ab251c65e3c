import { defineEndpoint } from '../endpoint.ts';

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
