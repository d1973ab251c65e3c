import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { emailSchema } from '../fields.ts';

export const forgotPasswordBodySchema = z.object({ email: emailSchema });
export type ForgotPasswordBody = z.infer<typeof forgotPasswordBodySchema>;

/** The same answer whether or not the address has an account. */
export const forgotPasswordResponseSchema = z.object({ accepted: z.literal(true) });

export const forgotPasswordEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/auth/forgot-password',
  operationId: 'requestPasswordReset',
  summary: 'Mail a password reset link',
  description:
    "Always answers 202 with the same body, in about the same time, whether or not an account has this email: if one has, a link to `/reset-password?token=…` on the seller center's own address is mailed, valid for one hour and once; a newer request replaces it. Throttled per client address and per email (429 `rate_limited`).",
  tags: ['auth'],
  auth: false,
  successStatus: 202,
  errors: ['rate_limited'],
  body: forgotPasswordBodySchema,
  response: forgotPasswordResponseSchema,
});
