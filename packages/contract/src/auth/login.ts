import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { emailSchema, presentedPasswordSchema } from '../fields.ts';

export const loginBodySchema = z.object({
  email: emailSchema,
  password: presentedPasswordSchema,
});
export type LoginBody = z.infer<typeof loginBodySchema>;

/**
 * A token; or, for a seller with two-factor sign-in on, the challenge of the second step
 * (`POST /api/auth/login/2fa`).
 */
export const loginResponseSchema = z.union([
  z.object({ token: z.string() }),
  z.object({ twoFactorRequired: z.literal(true), challenge: z.string() }),
]);
export type LoginResponse = z.infer<typeof loginResponseSchema>;

export const loginEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/auth/login',
  operationId: 'logInSeller',
  summary: 'Sign in with email and password',
  description:
    'Returns a session token for a valid email and password; any other pair is 401 `invalid_credentials`, whichever part was wrong. For a seller with two-factor sign-in on, the answer is `{ twoFactorRequired: true, challenge }` instead, to complete with `POST /api/auth/login/2fa`. Failed attempts are limited per account and client address together and per client address (429 `rate_limited` with Retry-After); failures of one account from every address only slow its answers down, so a stranger cannot lock the owner out.',
  tags: ['auth'],
  auth: false,
  successStatus: 200,
  errors: ['invalid_credentials', 'rate_limited'],
  body: loginBodySchema,
  response: loginResponseSchema,
});
