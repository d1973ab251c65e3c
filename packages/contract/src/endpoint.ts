import type { z } from 'zod';
import type { ApiScope } from './api-scopes.ts';
import type { ApiTag } from './api-tags.ts';
import type { ErrorCode } from './errors.ts';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * One HTTP endpoint: the route, its inputs and its success response. Used by the server
 * route (validation, serialisation, OpenAPI), the web client (typed calls) and the tests.
 */
export interface Endpoint {
  readonly method: HttpMethod;
  readonly path: string;
  /** camelCase verb and noun (`createProduct`), unique: the name generated clients call. */
  readonly operationId: string;
  /** One short line. */
  readonly summary: string;
  /** The rules: what the call does, what it accepts and refuses, what it leaves alone. */
  readonly description: string;
  readonly tags: readonly ApiTag[];
  /** Whether the route needs a signed-in seller. */
  readonly auth: boolean;
  /**
   * The scope a personal API token needs to call this endpoint. Without it, an `auth` endpoint
   * needs a signed-in session: tokens are refused (403 `insufficient_scope`).
   */
  readonly scope?: ApiScope;
  readonly successStatus: 200 | 201 | 202 | 204;
  readonly body?: z.ZodType;
  readonly query?: z.ZodType;
  readonly params?: z.ZodType;
  /** Absent for 204 responses and for `produces` downloads. */
  readonly response?: z.ZodType;
  /** A success body that is a file rather than JSON: its media type. */
  readonly produces?: 'text/csv' | 'application/pdf' | 'application/octet-stream';
  /**
   * Error codes this endpoint answers beyond those its shape implies (`validation_failed` and
   * `invalid_json` with input, `unauthorized` with auth, `not_found` with an `{id}`, the body
   * size and type codes with a body, `rate_limited` when throttled, `internal_error` and
   * `service_unavailable` always).
   */
  readonly errors?: readonly ErrorCode[];
}

export function defineEndpoint<const E extends Endpoint>(endpoint: E): E {
  return endpoint;
}

export type BodyOf<E extends Endpoint> = E['body'] extends z.ZodType ? z.input<E['body']> : never;
export type QueryOf<E extends Endpoint> = E['query'] extends z.ZodType
  ? z.input<E['query']>
  : never;
export type ParamsOf<E extends Endpoint> = E['params'] extends z.ZodType
  ? z.input<E['params']>
  : never;
/** A handler of a 204 endpoint returns nothing. */
export type ResponseOf<E extends Endpoint> = E['response'] extends z.ZodType
  ? z.output<E['response']>
  : // biome-ignore lint/suspicious/noConfusingVoidType: only ever a handler's return type.
    void;
