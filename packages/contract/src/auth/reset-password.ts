import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { confirmPasswordSchema, newPasswordSchema, withPasswordConfirmation } from '../fields.ts';

export const resetPasswordBodySchema = z.object({
  token: z
    .string({ error: 'resetTokenRequired' })
    .min(1, 'resetTokenRequired')
    .max(200, 'resetTokenInvalid'),
  newPassword: newPasswordSchema,
});
export type ResetPasswordBody = z.infer<typeof resetPasswordBodySchema>;

/** The form adds a confirmation that is checked only in the browser. */
export const resetPasswordFormSchema = withPasswordConfirmation(
  z.object({ newPassword: newPasswordSchema, confirmPassword: confirmPasswordSchema }),
  'newPassword',
);
export type ResetPasswordForm = z.infer<typeof resetPasswordFormSchema>;

export const resetPasswordEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/auth/reset-password',
  operationId: 'resetPassword',
  summary: 'Set a new password with a reset link',
  description:
    'Sets the new password (at least 8 characters, not a common one) for the token of a reset link. The token works once, for one hour, and only if no newer link was asked for: otherwise 400 `reset_token_invalid`. Every session of the seller is signed out, every pending email-change link and sign-in waiting for its code ends, and a notice is mailed. Throttled per client address.',
  tags: ['auth'],
  auth: false,
  successStatus: 204,
  errors: ['reset_token_invalid', 'password_too_common', 'rate_limited'],
  body: resetPasswordBodySchema,
});
