import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { emailSchema, nicknameSchema, signupPasswordSchema } from '../fields.ts';
import { tokenResponseSchema } from './token-response.ts';

export const signupBodySchema = z.object({
  email: emailSchema,
  nickname: nicknameSchema,
  password: signupPasswordSchema,
});
export type SignupBody = z.infer<typeof signupBodySchema>;

export const signupEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/auth/signup',
  operationId: 'signUpSeller',
  summary: 'Create a seller account',
  description:
    'Creates a seller account and signs it in: the answer carries a session token. The email must be new (409 `email_taken`) and so must the nickname (409 `nickname_taken`); nicknames are 3 to 20 lowercase letters and digits; the password is 6 to 128 characters and not one of the most common passwords (400 `password_too_common`). Signups are limited per client address (429 `rate_limited`, with Retry-After).',
  tags: ['auth'],
  auth: false,
  successStatus: 201,
  errors: ['email_taken', 'nickname_taken', 'password_too_common'],
  body: signupBodySchema,
  response: tokenResponseSchema,
});
