import { limits } from '@seller/contract/limits';

export interface PasswordChecklist {
  minLength: boolean;
  digit: boolean;
  letter: boolean;
}

/**
 * The live checklist of the signup form, and of a new password (`minLength` the new
 * passwords' minimum).
 */
export function passwordChecklist(
  password: string,
  minLength: number = limits.signupPassword.min,
): PasswordChecklist {
  return {
    minLength: password.length >= minLength,
    digit: /\d/.test(password),
    letter: /\p{L}/u.test(password),
  };
}

export const strengthLevels = ['weak', 'fair', 'good', 'strong', 'veryStrong'] as const;
export type StrengthLevel = (typeof strengthLevels)[number];

/**
 * Five-level strength estimate: one point each for length ≥ 6, ≥ 10 and ≥ 14, a digit, mixed
 * upper and lower case, and a symbol. Passwords under the minimum length (`minLength`, the
 * signup's by default) or made of one repeated character stay 'weak'; the level is capped at
 * 'veryStrong'.
 */
export function passwordStrength(
  password: string,
  minLength: number = limits.signupPassword.min,
): { level: StrengthLevel; score: number } {
  if (!password) return { level: 'weak', score: 0 };
  let points = 0;
  if (password.length >= limits.signupPassword.min) points++;
  if (password.length >= 10) points++;
  if (password.length >= 14) points++;
  if (/\d/.test(password)) points++;
  if (/\p{Ll}/u.test(password) && /\p{Lu}/u.test(password)) points++;
  if (/[^\p{L}\d]/u.test(password)) points++;
  if (/^(.)\1*$/u.test(password)) points = Math.min(points, 1);
  if (password.length < minLength) points = Math.min(points, 1);
  const score = Math.min(Math.max(points - 1, 0), strengthLevels.length - 1);
  return { level: strengthLevels[score] ?? 'weak', score };
}
