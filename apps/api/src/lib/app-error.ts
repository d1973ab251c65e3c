import type { ErrorCode } from '@seller/contract/errors';
import type { ValidationCode } from '@seller/contract/validation-messages';

const statusByCode: Record<ErrorCode, number> = {
  validation_failed: 400,
  invalid_json: 400,
  wrong_password: 400,
  password_too_common: 400,
  unauthorized: 401,
  invalid_credentials: 401,
  forbidden: 403,
  not_found: 404,
  email_taken: 409,
  nickname_taken: 409,
  conflict: 409,
  payload_too_large: 413,
  /** A path parameter longer than the router accepts. */
  uri_too_long: 414,
  unsupported_media_type: 415,
  rate_limited: 429,
  internal_error: 500,
  service_unavailable: 503,
  /** Upload type or size refused before any URL is issued. */
  file_type_not_allowed: 400,
  file_too_large: 413,
  /** A key given to attach (product, avatar) is not a completed, unattached upload of the seller. */
  upload_not_found: 400,
  /** Completion found parts missing, or a stored size different from the declared one. */
  upload_incomplete: 400,
  /** A PUT body whose length is not the length the URL was signed for. */
  upload_size_mismatch: 400,
  /** A part other than the last is smaller than 5 MiB, or larger than the first part. */
  upload_part_too_small: 400,
  upload_url_expired: 403,
  length_required: 411,
  price_not_editable: 400,
  status_not_editable: 400,
  product_deleted: 409,
  /** A reset link that is unknown, used, replaced by a newer one or older than an hour. */
  reset_token_invalid: 400,
  /** An email change link that is unknown, used, replaced by a newer one or older than an hour. */
  email_change_token_invalid: 400,
  two_factor_code_invalid: 400,
  /** The second sign-in step expired, was used, or had too many tries: sign in again. */
  two_factor_challenge_invalid: 400,
  two_factor_already_enabled: 409,
  two_factor_not_enabled: 409,
  /** A personal API token used beyond its scopes, or for what only a session may do. */
  insufficient_scope: 403,
  /** A webhook URL on a private, loopback or metadata address, or not https. */
  webhook_url_not_allowed: 400,
  /** The account still has money to be paid out, or owes some back: it cannot be deleted. */
  balance_outstanding: 409,
  /** A refund or chargeback larger than what is left of its sale. */
  refund_exceeds_sale: 409,
  /** A payout larger than the seller's balance. */
  payout_exceeds_balance: 409,
  /** A payout by a method whose details the seller has not filled in. */
  payout_method_missing: 409,
  /** A delivery asked for a sale that was fully refunded or charged back. */
  sale_refunded: 409,
  /** The buyer used every download of the file the product's limit gives per purchase. */
  download_limit_reached: 403,
  /** Another discount code of the seller that is not archived has the same letters. */
  code_taken: 409,
  /** A discount code's kind or value changed after its first use. */
  discount_in_use: 409,
  /** No such discount code of the product's seller (or archived, or no such product). */
  discount_not_found: 404,
  /** A discount code before its start or from its end. */
  discount_inactive: 409,
  /** A discount code whose uses and held uses reach its limit. */
  discount_used_up: 409,
  /** A discount code not made for this product. */
  discount_not_applicable: 409,
  /** A price below the discount code's least price. */
  discount_below_minimum: 409,
  /** Sample pages asked of a file that is not a PDF. */
  sample_pages_not_pdf: 400,
  /** More sample pages asked than the PDF has. */
  sample_pages_beyond_document: 400,
  /** A PDF that needs a password to open, where it must be stamped or sampled. */
  pdf_password_protected: 422,
  /** The buyer's stamped copy could not be made: nothing is served instead. */
  stamp_unavailable: 503,
  /** Marketing mail within 7 days of the last, or a product's update within a day of its last. */
  broadcast_too_frequent: 409,
  /** A mail to buyers that would reach nobody: nothing is recorded. */
  no_recipients: 409,
  /** An unsubscribe link that was never issued. */
  unsubscribe_token_invalid: 404,
};

/** The HTTP status every answer with this code has. */
export function statusOfCode(code: ErrorCode): number {
  return statusByCode[code];
}

/**
 * A refused field of a server rule: the error handler adds the English message of `code`, so
 * these read like the schema checks' (`{ path, code, message }`).
 */
export interface AppErrorIssue {
  path: string;
  code: ValidationCode;
}

/** An expected failure with a machine code; the error handler turns it into `{ error, code }`. */
export class AppError extends Error {
  override name = 'AppError';
  readonly statusCode: number;

  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: AppErrorIssue[],
    readonly options: { retryAfterSeconds?: number } = {},
  ) {
    super(message);
    this.statusCode = statusByCode[code];
  }
}

export const notFound = (what = 'Resource') => new AppError('not_found', `${what} not found`);

/** A 400 on one field, for a rule that needs stored data and so is not the schema's. */
export const invalidField = (path: string, code: ValidationCode, message: string) =>
  new AppError('validation_failed', message, [{ path, code }]);
