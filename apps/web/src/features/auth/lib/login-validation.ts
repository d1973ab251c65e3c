import type { LoginBody } from '@seller/contract/auth/login';
import { emailIssue, presentedPasswordIssue } from '@seller/contract/field-rules';

export type LoginField = keyof LoginBody;

/** The first message key (under `validation.`) of each invalid field. */
export type LoginErrors = Partial<Record<LoginField, string>>;

export type LoginValidation =
  | { success: true; data: LoginBody }
  | { success: false; errors: LoginErrors };

/**
 * The login form's check: what the contract's `loginBody` reports, and the values it would
 * send (the email trimmed), without zod, which the login page does not load (issue 6).
 * login-validation.test.ts keeps it in step with `loginBody`.
 */
export function validateLogin(values: { email: string; password: string }): LoginValidation {
  const errors: LoginErrors = {};
  const email = emailIssue(values.email);
  if (email) errors.email = email;
  const password = presentedPasswordIssue(values.password);
  if (password) errors.password = password;
  if (email || password) return { success: false, errors };
  return { success: true, data: { email: values.email.trim(), password: values.password } };
}
