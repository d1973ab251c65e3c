import { z } from 'zod';

/**
 * What the activity of an account lists: each sign-in, refused sign-in, wrong password or
 * authenticator code given again to a signed-in step, and change (asked for or made) of what protects the account or
 * pays it out.
 */
export const securityEventTypes = [
  'login',
  'login_failed',
  'password_check_failed',
  'two_factor_code_failed',
  'password_changed',
  'password_reset',
  'two_factor_enabled',
  'two_factor_disabled',
  'recovery_codes_regenerated',
  'email_change_requested',
  'email_changed',
  'session_revoked',
  'api_token_created',
  'api_token_revoked',
  'settlement_changed',
  'export_requested',
] as const;

export const securityEventTypeSchema = z.enum(securityEventTypes);
export type SecurityEventType = z.infer<typeof securityEventTypeSchema>;
