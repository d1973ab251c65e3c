import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';

export const twoFactorSetupResponseSchema = z.object({
  /** Base32, for typing into an authenticator app by hand. */
  secret: z.string(),
  /** The `otpauth://totp/…` URI the QR code holds. */
  otpauthUrl: z.string(),
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
