import type { ErrorCode, ErrorIssue } from '@seller/contract/errors';

/*
 * The error type of the HTTP client (api-client.ts), apart from it: checking an error's kind
 * or turning it into words does not load the client, nor zod with it (the login page).
 */

/** Codes the client produces itself, when the server did not answer with a known error body. */
export const clientErrorCodes = {
  network: 'network_error',
  invalidResponse: 'invalid_response',
  unknown: 'unknown_error',
} as const;

export type ClientErrorCode = (typeof clientErrorCodes)[keyof typeof clientErrorCodes];

/** Every code an `ApiError` can carry: the contract's catalogue and the client's own. */
export type ApiErrorCode = ErrorCode | ClientErrorCode;

/** An HTTP error normalised from the server's `{ error, code, details? }` body. */
export class ApiError extends Error {
  override name = 'ApiError';
  readonly status: number;
  readonly code: ApiErrorCode;
  /**
   * The server's English `error` text. Screens show it only for `unknown_error` (a code this
   * build does not know yet); every catalogue code has its own translated text.
   */
  readonly serverMessage: string | undefined;
  /** The refused fields: `code` is the contract's message key (or zod's issue code). */
  readonly details: ReadonlyArray<ErrorIssue>;

  constructor(init: {
    status: number;
    code: ApiErrorCode;
    serverMessage?: string | undefined;
    details?: ReadonlyArray<ErrorIssue> | undefined;
  }) {
    super(init.serverMessage ?? `Request failed (${init.code})`);
    this.status = init.status;
    this.code = init.code;
    this.serverMessage = init.serverMessage;
    this.details = init.details ?? [];
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** The `ApiError` behind a failure: the error itself, or the one it wraps (an upload's). */
export function apiErrorOf(error: unknown): ApiError | undefined {
  if (isApiError(error)) return error;
  if (error instanceof Error && isApiError(error.cause)) return error.cause;
  return undefined;
}
