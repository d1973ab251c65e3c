import { defineEndpoint } from '../endpoint.ts';

export const logoutEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/auth/logout',
  operationId: 'logOutSeller',
  summary: 'Sign out everywhere',
  description:
    'Every token issued to the seller so far stops working, on every device. No body is needed; an empty JSON body is accepted.',
  tags: ['auth'],
  auth: true,
  successStatus: 204,
});
