import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { recoveryCodeSchema, totpCodeSchema } from './two-factor.ts';

export const loginTwoFactorBodySchema = z.union([
  z.object({ challenge: z.string().min(1).max(200), code: totpCodeSchema }),
  z.object({ challenge: z.string().min(1).max(200), recoveryCode: recoveryCodeSchema }),
]);
export type LoginTwoFactorBody = z.infer<typeof loginTwoFactorBodySchema>;

export const loginTwoFactorEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/auth/login/2fa',
  operationId: 'completeTwoFactorLogin',
  summary: 'Second sign-in step: a code',
  description:
    'For the `challenge` that `login` answered to a seller with two factors on: a current code from the authenticator app (accepted once) or one unused recovery code. The challenge expires after five minutes and five tries (400 `two_factor_challenge_invalid`: sign in again). A wrong code is 400 `two_factor_code_invalid`. Throttled like the password step.',
  tags: ['auth'],
  auth: false,
  successStatus: 200,
  errors: ['two_factor_code_invalid', 'two_factor_challenge_invalid', 'rate_limited'],
  body: loginTwoFactorBodySchema,
  response: z.object({ token: z.string() }),
});
