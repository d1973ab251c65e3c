import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { newPasswordField, presentedPasswordField } from '../fields.ts';
import { tokenResponse } from './token-response.ts';

export const changePasswordBody = z.object({
  currentPassword: presentedPasswordField,
  newPassword: newPasswordField,
});
export type ChangePasswordBody = z.infer<typeof changePasswordBody>;

/** The form adds a confirmation that is checked only in the browser. */
export const changePasswordForm = changePasswordBody
  .extend({ confirmPassword: z.string().min(1, 'confirmPasswordRequired') })
  .refine((form) => form.confirmPassword === form.newPassword, {
    path: ['confirmPassword'],
    message: 'passwordMismatch',
  });
export type ChangePasswordForm = z.infer<typeof changePasswordForm>;

export const changePassword = defineEndpoint({
  method: 'POST',
  path: '/api/auth/change-password',
  operationId: 'changePassword',
  summary: 'Change the password',
  description:
    'Checks the current password (400 `wrong_password`), sets the new one (at least 8 characters, not a common password: 400 `password_too_common`) and returns a new token: every token issued before stops working, on every device.',
  tags: ['auth'],
  auth: true,
  successStatus: 200,
  errors: ['wrong_password', 'password_too_common'],
  body: changePasswordBody,
  response: tokenResponse,
});
