import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { emailField, nicknameField, signupPasswordField } from '../fields.ts';
import { tokenResponse } from './token-response.ts';

export const signupBody = z.object({
  email: emailField,
  nickname: nicknameField,
  password: signupPasswordField,
});
export type SignupBody = z.infer<typeof signupBody>;

export const signup = defineEndpoint({
  method: 'POST',
  path: '/api/auth/signup',
  summary: 'Create a seller account and sign in',
  tags: ['auth'],
  auth: false,
  successStatus: 201,
  body: signupBody,
  response: tokenResponse,
});
