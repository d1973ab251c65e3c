import type { ApiScope } from '@seller/contract/api-scopes';
import type { Endpoint, ResponseOf } from '@seller/contract/endpoint';
import type { ErrorCode } from '@seller/contract/errors';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifySchema,
  RouteShorthandOptions,
} from 'fastify';
import type { z } from 'zod';
import type { AuthenticatedSeller } from '../plugins/authenticate.ts';
import type { JsonText } from './json-text.ts';

type Output<S> = S extends z.ZodType ? z.output<S> : undefined;

declare module 'fastify' {
  interface FastifySchema {
    /**
     * Who may call a signed-in route: a session always; a personal API token only with this
     * scope (null: sessions only). Read by the authenticate plugin and the OpenAPI document.
     */
    apiScope?: ApiScope | null;
    /** Read by the OpenAPI document only (plugins/openapi.ts); Fastify ignores it. */
    documented?: {
      successStatus: number;
      /** A success body that is a file: its media type. */
      produces?: string;
      /** Error codes beyond those the route's shape implies. */
      errors: readonly ErrorCode[];
    };
  }
}

/**
 * A contract endpoint as a Fastify route schema: the zod schemas that validate and serialise,
 * and what the OpenAPI document says of it. Routes registered by hand start from it too.
 */
export function routeSchema(endpoint: Endpoint): FastifySchema {
  const response: Record<number, z.ZodType> = {};
  if (endpoint.response) response[endpoint.successStatus] = endpoint.response;
  return {
    operationId: endpoint.operationId,
    summary: endpoint.summary,
    description: endpoint.description,
    tags: [...endpoint.tags],
    // Public calls say so; the internal scope replaces this with its signature.
    security: endpoint.auth
      ? [{ bearerAuth: [] }, ...(endpoint.scope ? [{ apiToken: [endpoint.scope] }] : [])]
      : [],
    ...(endpoint.auth ? { apiScope: endpoint.scope ?? null } : {}),
    ...(endpoint.body ? { body: endpoint.body } : {}),
    ...(endpoint.query ? { querystring: endpoint.query } : {}),
    ...(endpoint.params ? { params: endpoint.params } : {}),
    response,
    documented: {
      successStatus: endpoint.successStatus,
      ...(endpoint.produces ? { produces: endpoint.produces } : {}),
      errors: endpoint.errors ?? [],
    },
  };
}

export interface RouteContext<E extends Endpoint> {
  body: Output<E['body']>;
  query: Output<E['query']>;
  params: Output<E['params']>;
  seller: E['auth'] extends true ? AuthenticatedSeller : undefined;
  request: FastifyRequest;
  reply: FastifyReply;
}

/** The answer, or its JSON already written (no endpoint answers with a bare string). */
export type RouteResult<E extends Endpoint> = ResponseOf<E> | JsonText<ResponseOf<E>>;

export type RouteHandler<E extends Endpoint> = (
  context: RouteContext<E>,
) => Promise<RouteResult<E>> | RouteResult<E>;

/** What a route adds to the contract's description: its own config (read by plugins), body limit. */
export type DefineRouteOptions = Pick<RouteShorthandOptions, 'config' | 'bodyLimit'>;

/**
 * Registers a contract endpoint: the contract's schemas validate the input, serialise the
 * output and describe the route in the OpenAPI document; `auth` endpoints run the token check.
 * A handler may answer with a `JsonText` instead, which is sent as it is.
 */
export function defineRoute<E extends Endpoint>(
  app: FastifyInstance,
  endpoint: E,
  handler: RouteHandler<E>,
  options: DefineRouteOptions = {},
): void {
  app.route({
    method: endpoint.method,
    url: toFastifyPath(endpoint.path),
    ...options,
    schema: routeSchema(endpoint),
    ...(endpoint.auth ? { onRequest: app.authenticate } : {}),
    handler: async (request, reply) => {
      // The validator compiler has already parsed these with the endpoint's schemas.
      const context = {
        body: request.body,
        query: request.query,
        params: request.params,
        seller: request.seller,
        request,
        reply,
      } as RouteContext<E>;
      const result = await handler(context);
      reply.code(endpoint.successStatus);
      if (endpoint.successStatus === 204) return reply.send();
      // A string with a JSON media type is sent as it is (Fastify's documented rule for strings).
      if (typeof result === 'string') reply.type('application/json; charset=utf-8');
      return result;
    },
  });
}

/** `/api/products/{id}` → `/api/products/:id` */
export function toFastifyPath(contractPath: string): string {
  return contractPath.replace(/\{(\w+)\}/g, ':$1');
}
