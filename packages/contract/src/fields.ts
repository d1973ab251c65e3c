import { z } from 'zod';
import { emailPattern, presentedPasswordMax } from './field-rules.ts';
import { limits } from './limits.ts';

/**
 * Field schemas shared by the web forms and the server. Every message is an i18n key
 * under `validation.` in the web app's locale files.
 */

export const emailSchema = z
  .string({ error: 'emailRequired' })
  .trim()
  .min(1, 'emailRequired')
  .max(limits.email.max, 'emailInvalid')
  .regex(emailPattern, 'emailInvalid');

export const nicknamePattern = /^[a-z0-9]+$/;

export const nicknameSchema = z
  .string({ error: 'nicknameRequired' })
  .min(1, 'nicknameRequired')
  .regex(nicknamePattern, 'nicknameOnlyLowercase')
  .min(limits.nickname.min, 'nicknameLength')
  .max(limits.nickname.max, 'nicknameLength');

/** Keeps what the nickname input accepts: lowercase letters and digits, capped in length. */
export function sanitizeNicknameInput(raw: string): string {
  return raw
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '')
    .slice(0, limits.nickname.max);
}

export const signupPasswordSchema = z
  .string({ error: 'passwordRequired' })
  .min(1, 'passwordRequired')
  .min(limits.signupPassword.min, 'passwordMin')
  .max(limits.password.max, 'passwordMax');

export const newPasswordSchema = z
  .string({ error: 'newPasswordRequired' })
  .min(1, 'newPasswordRequired')
  .min(limits.newPassword.min, 'passwordTooShort')
  .max(limits.password.max, 'passwordMax');

/** The password typed a second time by a form that sets one; checked only in the browser. */
export const confirmPasswordSchema = z.string().min(1, 'confirmPasswordRequired');

/**
 * A form that sets a password (`field`) and asks for it twice: `confirmPassword` must repeat
 * it, and a mismatch is said under the confirmation.
 */
export function withPasswordConfirmation<
  Shape extends z.ZodRawShape & { confirmPassword: typeof confirmPasswordSchema },
>(form: z.ZodObject<Shape>, field: Exclude<keyof Shape & string, 'confirmPassword'>) {
  return form.refine(
    (values) => {
      const typed: Record<string, unknown> = values;
      return typed.confirmPassword === typed[field];
    },
    { path: ['confirmPassword'], message: 'passwordMismatch' },
  );
}

/** A password being checked (login, current password): only bounded, never judged. */
export const presentedPasswordSchema = z
  .string({ error: 'passwordRequired' })
  .min(1, 'passwordRequired')
  .max(presentedPasswordMax, 'passwordMax');

/** Optional text: trimmed, and an empty value becomes null. */
export function optionalText(max: number, tooLongKey: string) {
  return z
    .string()
    .trim()
    .max(max, tooLongKey)
    .nullable()
    .transform((value) => (value === null || value === '' ? null : value));
}

export const profileNicknameSchema = z
  .string()
  .trim()
  .nullable()
  .transform((value) => (value === null || value === '' ? null : value))
  .pipe(nicknameSchema.nullable());

export const bioSchema = optionalText(limits.bio.max, 'bioTooLong');

const firstInstantMs = Date.parse(limits.dates.firstInstant);
const lastInstantMs = Date.parse(limits.dates.lastInstant);

/**
 * An instant sent by a client (ISO 8601 with `Z` or an offset). One the database cannot store
 * and write back (`0000-01-01T00:00:00Z`, a year past 9999 once its offset is applied) is
 * refused with `dateUnsupported`, like any other bad input, before any route reads it.
 */
export const isoDateTimeSchema = z.iso.datetime({ offset: true }).refine((value) => {
  const at = Date.parse(value);
  return at >= firstInstantMs && at <= lastInstantMs;
}, 'dateUnsupported');

/**
 * A day sent by a client (`YYYY-MM-DD`): `formatMessage` when it is not a calendar date so
 * written, `dateUnsupported` when it is one the database cannot store (year 0000).
 */
export function isoDaySchema(formatMessage: string) {
  return z.iso
    .date({ error: formatMessage })
    .refine(
      (day) => day >= limits.dates.firstDay && day <= limits.dates.lastDay,
      'dateUnsupported',
    );
}

/** What `String(n)` writes for a whole number from 0: digits, no sign, no leading zero. */
const canonicalInteger = /^(?:0|[1-9]\d*)$/;

/**
 * A whole-number query parameter. Only canonical digits are read as a number (`2`): `0x10`,
 * `1.0`, `1e1`, ` 1`, `+5`, `02` and a repeated parameter are refused with `message` rather
 * than read as some other number. Absent, it is `fallback`. Documented as an integer.
 */
export function queryInteger(options: {
  min: number;
  max: number;
  fallback: number;
  message: string;
}) {
  const { min, max, fallback, message } = options;
  return (
    z
      .preprocess(
        (value) =>
          typeof value === 'string' && canonicalInteger.test(value) ? Number(value) : value,
        z.int({ error: message }).min(min, message).max(max, message),
      )
      // A prefault, unlike a default, is shown as the parameter's default in the document.
      .prefault(fallback)
  );
}
