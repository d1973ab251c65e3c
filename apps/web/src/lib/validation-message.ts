import { limits } from '@seller/contract/limits';
import type { TFunction } from 'i18next';
import type en from '../locales/en.json';
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
 * Translates a zod message from the contract (an i18n key under `validation.`); an unknown
 * message falls back to a generic text rather than showing a raw key.
 */
export function validationMessage(t: TFunction, message: string | undefined): string | undefined {
  if (!message) return undefined;
  const key: ValidationKey = isValidationKey(message) ? message : 'invalid';
  return t(`validation.${key}`, validationParams);
}

type ErrorKey = keyof (typeof en)['error'];

function isErrorKey(key: string): key is ErrorKey {
  return i18n.exists(`error.${key}`, { lng: 'en' });
}

/**
 * Translates a field error kept by a form: a contract message (`validation.` key) or a
 * server-side field error mapped from a code (`error.` key, e.g. emailDuplicate).
 */
export function fieldErrorText(t: TFunction, message: string | undefined): string | undefined {
  if (!message) return undefined;
  if (isValidationKey(message)) return t(`validation.${message}`, validationParams);
  if (isErrorKey(message)) return t(`error.${message}`);
  return t('validation.invalid');
}
