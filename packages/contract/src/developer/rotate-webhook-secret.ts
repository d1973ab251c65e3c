import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';

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
