import type { z } from 'zod';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * One HTTP endpoint: the route, its inputs and its success response. Used by the server
 * route (validation, serialisation, OpenAPI), the web client (typed calls) and the tests.
 */
export interface Endpoint {
  readonly method: HttpMethod;
  readonly path: string;
  readonly summary: string;
  readonly tags: readonly string[];
  /** Whether the route needs a signed-in seller. */
  readonly auth: boolean;
  readonly successStatus: 200 | 201 | 204;
  readonly body?: z.ZodType;
  readonly query?: z.ZodType;
  readonly params?: z.ZodType;
  /** Absent for 204 responses. */
  readonly response?: z.ZodType;
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
