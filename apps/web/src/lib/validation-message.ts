import { limits } from '@seller/contract/limits';
import type en from '@seller/locales/app/en.json';
import type { TFunction } from 'i18next';
import { errorMessageKeys, isApiErrorCode } from './error-messages';
import { i18n } from './i18n';

export type ValidationKey = keyof (typeof en)['validation'];

/** Values the validation texts may interpolate (they come from the contract's limits). */
export const validationParams = {
  nicknameMin: limits.nickname.min,
  nicknameMax: limits.nickname.max,
  signupPasswordMin: limits.signupPassword.min,
  newPasswordMin: limits.newPassword.min,
  passwordMax: limits.password.max,
  bioMax: limits.bio.max,
} as const;

export function isValidationKey(key: string): key is ValidationKey {
  return i18n.exists(`validation.${key}`, { lng: 'en' });
}

/**
 * Translates a field error kept by a form: a contract message (`validation.` key) from its own
 * checks or the server's `details`, or an error code the server answered for that field
 * (`email_taken`).
 */
export function fieldErrorText(t: TFunction, message: string | undefined): string | undefined {
  if (!message) return undefined;
  if (isValidationKey(message)) return t(`validation.${message}`, validationParams);
  if (isApiErrorCode(message)) return t(errorMessageKeys[message]);
  return t('validation.invalid');
}
