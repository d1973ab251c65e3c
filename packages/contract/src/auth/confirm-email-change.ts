import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';

export const confirmEmailChangeBodySchema = z.object({
  token: z
    .string({ error: 'emailChangeTokenRequired' })
    .min(1, 'emailChangeTokenRequired')
    .max(200, 'emailChangeTokenInvalid'),
});
export type ConfirmEmailChangeBody = z.infer<typeof confirmEmailChangeBodySchema>;

export const confirmEmailChangeResponseSchema = z.object({
  /** The account's address from now on. */
  email: z.string(),
});

export const confirmEmailChangeEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/auth/email-change/confirm',
  operationId: 'confirmEmailChange',
  summary: 'Confirm a new email address',
  description:
    'Moves the account to the address of the link: sign-in takes the new address from now on, the old one is refused. The token works once, for one hour, and only if no newer change was asked for and the password has not been changed or reset since: otherwise 400 `email_change_token_invalid`; an address taken in the meantime is 409 `email_taken`. Every session of the account is signed out (the call is made without one: the seller signs in again with the new address), and so is every sign-in waiting for its code; the change is listed in the activity. Reset links mailed to the old address stop working.',
  tags: ['auth'],
  auth: false,
  successStatus: 200,
  errors: ['email_change_token_invalid', 'email_taken'],
  body: confirmEmailChangeBodySchema,
  response: confirmEmailChangeResponseSchema,
});
