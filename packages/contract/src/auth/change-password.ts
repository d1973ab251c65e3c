import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import {
  confirmPasswordSchema,
  newPasswordSchema,
  presentedPasswordSchema,
  withPasswordConfirmation,
} from '../fields.ts';
import { tokenResponseSchema } from './token-response.ts';

export const changePasswordBodySchema = z.object({
  currentPassword: presentedPasswordSchema,
  newPassword: newPasswordSchema,
});
export type ChangePasswordBody = z.infer<typeof changePasswordBodySchema>;

/** The form adds a confirmation that is checked only in the browser. */
export const changePasswordFormSchema = withPasswordConfirmation(
  changePasswordBodySchema.extend({ confirmPassword: confirmPasswordSchema }),
  'newPassword',
);
export type ChangePasswordForm = z.infer<typeof changePasswordFormSchema>;

export const changePasswordEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/auth/change-password',
  operationId: 'changePassword',
  summary: 'Change the password',
  description:
    'Checks the current password (400 `wrong_password`), sets the new one (at least 8 characters, not a common password: 400 `password_too_common`) and returns a new token: every token issued before stops working, on every device, and every pending email-change link, password-reset link and sign-in waiting for its code ends. A wrong password counts as a failed sign-in of the account from this address and is written to the activity (`password_check_failed`); past the sign-in limits the call is 429 `rate_limited` with `Retry-After`.',
  tags: ['auth'],
  auth: true,
  successStatus: 200,
  errors: ['wrong_password', 'password_too_common', 'rate_limited'],
  body: changePasswordBodySchema,
  response: tokenResponseSchema,
});
