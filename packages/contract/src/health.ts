import { z } from 'zod';
import { defineEndpoint } from './endpoint.ts';

export const healthResponseSchema = z.object({
  status: z.literal('ok'),
  database: z.literal('ok'),
});

export const getHealthEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/health',
  operationId: 'getHealth',
  summary: 'Liveness and database check',
  description:
    '200 when the server answers and its database too; 503 `service_unavailable` when the database does not.',
  tags: ['health'],
  auth: false,
  successStatus: 200,
  response: healthResponseSchema,
});
