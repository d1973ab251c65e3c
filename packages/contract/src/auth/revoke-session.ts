import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';

export const sessionIdParamsSchema = z.object({ id: z.string() });

export const revokeSessionEndpoint = defineEndpoint({
  method: 'DELETE',
  path: '/api/auth/sessions/{id}',
  operationId: 'revokeSession',
  summary: 'Sign out one session',
  description:
    'The session is signed out: its token is refused (401) from its next request, on every server. Signing out a session already signed out answers 204 as well; a session of another account, or none, is 404. No body is needed; an empty JSON body is accepted.',
  tags: ['auth'],
  auth: true,
  successStatus: 204,
  params: sessionIdParamsSchema,
});
