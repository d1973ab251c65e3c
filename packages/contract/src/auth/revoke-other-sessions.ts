import { defineEndpoint } from '../endpoint.ts';

export const revokeOtherSessionsEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/auth/sessions/revoke-others',
  operationId: 'revokeOtherSessions',
  summary: 'Sign out every other session',
  description:
    'Every session of the account but the one making the request is signed out. Personal API tokens are not affected. No body is needed; an empty JSON body is accepted.',
  tags: ['auth'],
  auth: true,
  successStatus: 204,
});
