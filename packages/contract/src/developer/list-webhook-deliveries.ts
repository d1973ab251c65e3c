import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { webhookDeliverySchema } from './webhook.ts';

export const listWebhookDeliveriesEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/webhook/deliveries',
  operationId: 'listWebhookDeliveries',
  summary: 'The delivery log',
  description:
    'The last 100 deliveries, newest first: time, event, status code, duration, the time of the next retry, and every attempt (its time, status code, duration and error), oldest first.',
  tags: ['developer'],
  auth: true,
  successStatus: 200,
  response: z.object({ deliveries: z.array(webhookDeliverySchema) }),
});
