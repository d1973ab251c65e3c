import { z } from 'zod';
import { defineEndpoint } from './endpoint.ts';

export const healthResponse = z.object({
  status: z.literal('ok'),
  database: z.literal('ok'),
});

export const getHealth = defineEndpoint({
  method: 'GET',
  path: '/api/health',
  summary: 'Liveness and database check',
  tags: ['health'],
  auth: false,
  successStatus: 200,
  response: healthResponse,
});
