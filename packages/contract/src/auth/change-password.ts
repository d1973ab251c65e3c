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
  summary: 'Change the password; every older token stops working and a new one is returned',
  tags: ['auth'],
  auth: true,
  successStatus: 200,
  body: changePasswordBody,
  response: tokenResponse,
});
