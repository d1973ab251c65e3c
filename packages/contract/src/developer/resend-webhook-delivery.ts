import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { webhookDeliverySchema } from './webhook.ts';

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
