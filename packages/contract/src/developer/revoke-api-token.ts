import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';

export const apiTokenIdParamsSchema = z.object({ id: z.string() });

export const deleteApiTokenEndpoint = defineEndpoint({
  method: 'DELETE',
  path: '/api/auth/api-tokens/{id}',
  operationId: 'revokeApiToken',
  summary: 'Revoke an API token',
  description:
    "The token stops working at once, on every server copy. Another seller's token, or an unknown id, is 404.",
  tags: ['developer'],
  auth: true,
  successStatus: 204,
  params: apiTokenIdParamsSchema,
});
