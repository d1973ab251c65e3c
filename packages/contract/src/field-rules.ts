import { limits } from './limits.ts';

/**
 * The rules of the email and presented-password schemas (fields.ts) as plain values and
 * functions, without zod. fields.ts and the payout-details schema build on the same values,
 * and field-rules.test.ts keeps the functions in step with the schemas. Every message is an
 * i18n key under `validation.` in the web app's locale files.
 */

export const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** A password being checked (login, current password) is only bounded, never judged. */
export const presentedPasswordMax = 1024;

export type EmailIssue = 'emailRequired' | 'emailInvalid';
export type PresentedPasswordIssue = 'passwordRequired' | 'passwordMax';

/** The first issue `emailField` reports for a value, which it checks once trimmed. */
export function emailIssue(value: string): EmailIssue | undefined {
  const email = value.trim();
  if (email.length < 1) return 'emailRequired';
  if (email.length > limits.email.max || !emailPattern.test(email)) return 'emailInvalid';
  return undefined;
}

/** The first issue `presentedPasswordField` reports for a value (not trimmed). */
export function presentedPasswordIssue(value: string): PresentedPasswordIssue | undefined {
  if (value.length < 1) return 'passwordRequired';
  if (value.length > presentedPasswordMax) return 'passwordMax';
  return undefined;
}
