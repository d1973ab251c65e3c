import { defineEndpoint } from '../endpoint.ts';

export const logout = defineEndpoint({
  method: 'POST',
  path: '/api/auth/logout',
  summary: 'Sign out everywhere: every token issued so far stops working',
  tags: ['auth'],
  auth: true,
  successStatus: 204,
});
