import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { presentedPasswordSchema } from '../fields.ts';

/** Six digits from an authenticator app. */
export const totpCodeSchema = z
  .string({ error: 'twoFactorCodeRequired' })
  .trim()
  .min(1, 'twoFactorCodeRequired')
  .regex(/^\d{6}$/, 'twoFactorCodeInvalid');

/** A recovery code as shown (`ABCDE-FGHIJ`); spaces, dashes and case do not matter. */
export const recoveryCodeSchema = z
  .string({ error: 'recoveryCodeRequired' })
  .trim()
  .min(1, 'recoveryCodeRequired')
  .max(32, 'twoFactorCodeInvalid');

export const twoFactorSetupResponseSchema = z.object({
  /** Base32, for typing into an authenticator app by hand. */
  secret: z.string(),
  /** The `otpauth://totp/…` URI the QR code holds. */
  otpauthUrl: z.string(),
});

export const recoveryCodesResponseSchema = z.object({
  /** Ten one-time codes, shown once: only their hashes are kept. */
  recoveryCodes: z.array(z.string()),
});

export const twoFactorSetupEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/auth/2fa/setup',
  operationId: 'startTwoFactorSetup',
  summary: 'Start setting up an authenticator',
  description:
    'A new secret for an authenticator app (as text and as an `otpauth://` URI for a QR code), kept sealed on the server until `enable` confirms it with a first code. Calling it again replaces the pending secret. 409 `two_factor_already_enabled` when two factors are already on.',
  tags: ['auth'],
  auth: true,
  successStatus: 200,
  errors: ['two_factor_already_enabled'],
  response: twoFactorSetupResponseSchema,
});

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
    'Needs the password (400 `wrong_password`) and a current code (400 `two_factor_code_invalid`); the secret and the recovery codes are deleted.',
  tags: ['auth'],
  auth: true,
  successStatus: 204,
  errors: ['wrong_password', 'two_factor_code_invalid', 'two_factor_not_enabled'],
  body: disableTwoFactorBodySchema,
});

export const regenerateRecoveryCodesBodySchema = z.object({ code: totpCodeSchema });

export const regenerateRecoveryCodesEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/auth/2fa/recovery-codes',
  operationId: 'regenerateRecoveryCodes',
  summary: 'New recovery codes',
  description:
    'With a current code: ten new recovery codes replace the old ones (which stop working), shown once.',
  tags: ['auth'],
  auth: true,
  successStatus: 200,
  errors: ['two_factor_code_invalid', 'two_factor_not_enabled'],
  body: regenerateRecoveryCodesBodySchema,
  response: recoveryCodesResponseSchema,
});

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
