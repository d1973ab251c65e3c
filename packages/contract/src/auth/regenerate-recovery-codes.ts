import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { recoveryCodesResponseSchema, totpCodeSchema } from './two-factor.ts';

export const regenerateRecoveryCodesBodySchema = z.object({ code: totpCodeSchema });

export const regenerateRecoveryCodesEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/auth/2fa/recovery-codes',
  operationId: 'regenerateRecoveryCodes',
  summary: 'New recovery codes',
  description:
    'With a current code: ten new recovery codes replace the old ones (which stop working), shown once; written to the activity (`recovery_codes_regenerated`). A wrong code counts against the seller (from every address) and this address and is written to the activity (`two_factor_code_failed`); past the limits the call is 429 `rate_limited` with `Retry-After`.',
  tags: ['auth'],
  auth: true,
  successStatus: 200,
  errors: ['two_factor_code_invalid', 'two_factor_not_enabled', 'rate_limited'],
  body: regenerateRecoveryCodesBodySchema,
  response: recoveryCodesResponseSchema,
});
