import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { recoveryCodesResponseSchema, totpCodeSchema } from './two-factor.ts';

export const enableTwoFactorBodySchema = z.object({ code: totpCodeSchema });

export const enableTwoFactorEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/auth/2fa/enable',
  operationId: 'enableTwoFactor',
  summary: 'Turn on two-factor sign-in',
  description:
    'Confirms the pending secret with a current code (one step of clock drift either side) and turns two-factor sign-in on; answers ten one-time recovery codes, shown once. 400 `two_factor_code_invalid` for a wrong or already used code; 409 `two_factor_not_enabled` without a setup first.',
  tags: ['auth'],
  auth: true,
  successStatus: 200,
  errors: ['two_factor_code_invalid', 'two_factor_already_enabled', 'two_factor_not_enabled'],
  body: enableTwoFactorBodySchema,
  response: recoveryCodesResponseSchema,
});
