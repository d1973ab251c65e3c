import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { emailSchema, presentedPasswordSchema } from '../fields.ts';
import { totpCodeSchema } from './two-factor.ts';

export const emailChangeBodySchema = z.object({
  newEmail: emailSchema,
  password: presentedPasswordSchema,
  /** Required when two-factor sign-in is on. */
  code: totpCodeSchema.optional(),
});
export type EmailChangeBody = z.infer<typeof emailChangeBodySchema>;

/** The form's checks: the code is asked for (and required) only when two-factor sign-in is on. */
export const emailChangeFormSchemas = {
  withCode: emailChangeBodySchema.extend({ code: totpCodeSchema }),
  withoutCode: emailChangeBodySchema.omit({ code: true }),
};

export const emailChangeResponseSchema = z.object({ accepted: z.literal(true) });

export const requestEmailChangeEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/auth/email-change',
  operationId: 'requestEmailChange',
  summary: 'Ask to move the account to another email address',
  description:
    'Checks the password (400 `wrong_password`) and, when two-factor sign-in is on, a current code (400 `two_factor_code_invalid`). An address already in use is 409 `email_taken`. A link valid for one hour, usable once, is mailed to the new address, and a notice to the current one; the address changes only when the link is opened. A newer request replaces the older link, and a password change or reset ends it; the request is written to the activity (`email_change_requested`). A wrong password counts as a failed sign-in of the account from this address and is written to the activity (`password_check_failed`); past the sign-in limits the call is 429 `rate_limited` with `Retry-After`. A wrong code counts against the seller (from every address) and this address and is written to the activity (`two_factor_code_failed`); past the limits the call is 429 `rate_limited` with `Retry-After`.',
  tags: ['auth'],
  auth: true,
  successStatus: 202,
  errors: ['wrong_password', 'two_factor_code_invalid', 'email_taken', 'rate_limited'],
  body: emailChangeBodySchema,
  response: emailChangeResponseSchema,
});
