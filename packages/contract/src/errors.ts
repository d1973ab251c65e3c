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
  'uri_too_long',
  'unsupported_media_type',
  'rate_limited',
  'service_unavailable',
  'internal_error',
  'file_type_not_allowed',
  'file_too_large',
  'upload_not_found',
  'upload_incomplete',
  'upload_size_mismatch',
  'upload_part_too_small',
  'upload_url_expired',
  'length_required',
  'price_not_editable',
  'status_not_editable',
  'product_deleted',
  'reset_token_invalid',
  'email_change_token_invalid',
  'two_factor_code_invalid',
  'two_factor_challenge_invalid',
  'two_factor_already_enabled',
  'two_factor_not_enabled',
  'insufficient_scope',
  'webhook_url_not_allowed',
  'balance_outstanding',
  'refund_exceeds_sale',
  'payout_exceeds_balance',
  'payout_method_missing',
  'sale_refunded',
  'download_limit_reached',
  'code_taken',
  'discount_in_use',
  'discount_not_found',
  'discount_inactive',
  'discount_used_up',
  'discount_not_applicable',
  'discount_below_minimum',
  'sample_pages_not_pdf',
  'sample_pages_beyond_document',
  'pdf_password_protected',
  'stamp_unavailable',
  'broadcast_too_frequent',
  'no_recipients',
  'unsubscribe_token_invalid',
] as const;

export type ErrorCode = (typeof errorCodes)[number];

/** One refused field, the same for schema checks and for the server's own rules. */
export const errorIssueSchema = z.object({
  path: z
    .string()
    .describe(
      'The field, dot-separated (`bank.swiftCode`, `files.0.s3Key`); empty for the whole input.',
    ),
  code: z
    .string()
    .describe(
      "A stable key: the contract's message key when the rule has one (`titleRequired`), otherwise zod's issue code (`invalid_type`, `too_small`, `unrecognized_keys`…).",
    ),
  message: z.string().describe('The same in English.'),
});
export type ErrorIssue = z.infer<typeof errorIssueSchema>;

/** Every error answer: `code` decides, `error` is for people, `details` lists refused fields. */
export const errorBodySchema = z.object({
  error: z.string().describe('An English sentence, for people.'),
  code: z.enum(errorCodes).describe('What went wrong; each code has one HTTP status.'),
  details: z
    .array(errorIssueSchema)
    .optional()
    .describe('Every refused field, with `validation_failed` and some other 4xx codes.'),
});

export type ErrorBody = z.infer<typeof errorBodySchema>;
