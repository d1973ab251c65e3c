import { z } from 'zod';

/** Six digits from an authenticator app. */
export const totpCodeSchema = z
  .string({ error: 'twoFactorCodeRequired' })
  .trim()
  .min(1, 'twoFactorCodeRequired')
  .regex(/^\d{6}$/, 'twoFactorCodeInvalid');

/** A recovery code as shown (`ABCDE-FGHIJ`); spaces, dashes and case do not matter. */
export const recoveryCodeSchema = z
  .string({ error: 'recoveryCodeRequired' })
  .trim()
  .min(1, 'recoveryCodeRequired')
  .max(32, 'twoFactorCodeInvalid');

export const recoveryCodesResponseSchema = z.object({
  /** Ten one-time codes, shown once: only their hashes are kept. */
  recoveryCodes: z.array(z.string()),
});
