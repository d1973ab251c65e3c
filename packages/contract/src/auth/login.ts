import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { emailSchema, presentedPasswordSchema } from '../fields.ts';
import { tokenResponseSchema } from './token-response.ts';

export const loginBodySchema = z.object({
  email: emailSchema,
  password: presentedPasswordSchema,
});
export type LoginBody = z.infer<typeof loginBodySchema>;

export const loginEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/auth/login',
  operationId: 'logInSeller',
  summary: 'Sign in with email and password',
  description:
    'Returns a session token for a valid email and password; any other pair is 401 `invalid_credentials`, whichever part was wrong. Failed attempts are counted per account and per client address: past the limit the answer is 429 `rate_limited` with Retry-After, even for the right password.',
  tags: ['auth'],
  auth: false,
  successStatus: 200,
  errors: ['invalid_credentials', 'rate_limited'],
  body: loginBodySchema,
  response: tokenResponseSchema,
});
