import type { ErrorIssue } from '@seller/contract/errors';

/**
 * The error type of the HTTP client (api-client.ts), apart from it: checking an error's kind
 * does not load the client, nor zod with it (the login page).
 */

/** An HTTP error normalised from the server's `{ error, code, details? }` body. */
export class ApiError extends Error {
  override name = 'ApiError';
  readonly status: number;
  readonly code: string;
  /** The server's `error` text, when it sent one. */
  readonly serverMessage: string | undefined;
  /** The refused fields: `code` is the contract's message key (or zod's issue code). */
  readonly details: ReadonlyArray<ErrorIssue>;

  constructor(init: {
    status: number;
    code: string;
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

/** Codes the client produces itself, when the server did not answer with an error body. */
export const clientErrorCodes = {
  network: 'network_error',
  invalidResponse: 'invalid_response',
  unknown: 'unknown_error',
} as const;
