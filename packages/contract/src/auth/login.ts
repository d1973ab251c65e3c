import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { emailField, presentedPasswordField } from '../fields.ts';
import { tokenResponse } from './token-response.ts';

export const loginBody = z.object({
  email: emailField,
  password: presentedPasswordField,
});
export type LoginBody = z.infer<typeof loginBody>;

export const login = defineEndpoint({
  method: 'POST',
  path: '/api/auth/login',
  summary: 'Sign in with email and password',
  tags: ['auth'],
  auth: false,
  successStatus: 200,
  body: loginBody,
  response: tokenResponse,
});
