import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { presentedPasswordSchema } from '../fields.ts';
import { totpCodeSchema } from './two-factor.ts';

export const disableTwoFactorBodySchema = z.object({
  password: presentedPasswordSchema,
  code: totpCodeSchema,
});

export const disableTwoFactorEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/auth/2fa/disable',
  operationId: 'disableTwoFactor',
  summary: 'Turn off two-factor sign-in',
  description:
    'Needs the password (400 `wrong_password`) and a current code (400 `two_factor_code_invalid`); the secret and the recovery codes are deleted. Every other session is signed out (this one carries on), and every pending email-change link, password-reset link and sign-in waiting for its code ends. A wrong password counts as a failed sign-in of the account from this address and is written to the activity (`password_check_failed`); past the sign-in limits the call is 429 `rate_limited` with `Retry-After`. A wrong code counts against the seller (from every address) and this address and is written to the activity (`two_factor_code_failed`); past the limits the call is 429 `rate_limited` with `Retry-After`.',
  tags: ['auth'],
  auth: true,
  successStatus: 204,
  errors: ['wrong_password', 'two_factor_code_invalid', 'two_factor_not_enabled', 'rate_limited'],
  body: disableTwoFactorBodySchema,
});
