import { z } from 'zod';

/** Machine codes carried by every error body; the web app maps them to message keys. */
export const errorCodes = [
  'validation_failed',
  'invalid_json',
  'unauthorized',
  'invalid_credentials',
  'forbidden',
  'not_found',
  'email_taken',
  'nickname_taken',
  'wrong_password',
  'password_too_common',
  'conflict',
  'payload_too_large',
  'unsupported_media_type',
  'rate_limited',
  'service_unavailable',
  'internal_error',
  'file_type_not_allowed',
  'file_too_large',
  'upload_not_found',
  'upload_incomplete',
  'upload_size_mismatch',
  'upload_url_expired',
  'length_required',
  'price_not_editable',
  'status_not_editable',
  'product_deleted',
] as const;

export type ErrorCode = (typeof errorCodes)[number];

export const errorIssue = z.object({
  path: z.string(),
  message: z.string(),
});

export const errorBody = z.object({
  error: z.string(),
  code: z.string(),
  details: z.array(errorIssue).optional(),
});

export type ErrorBody = z.infer<typeof errorBody>;
