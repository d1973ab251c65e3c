import type { ErrorCode } from '@seller/contract/errors';

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
  unsupported_media_type: 415,
  rate_limited: 429,
  internal_error: 500,
  service_unavailable: 503,
};

/** An expected failure with a machine code; the error handler turns it into `{ error, code }`. */
export class AppError extends Error {
  override name = 'AppError';
  readonly statusCode: number;

  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: { path: string; message: string }[],
  ) {
    super(message);
    this.statusCode = statusByCode[code];
  }
}

export const notFound = (what = 'Resource') => new AppError('not_found', `${what} not found`);
