import type { Endpoint, ResponseOf } from '@seller/contract/endpoint';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteShorthandOptions } from 'fastify';
import type { z } from 'zod';
import type { AuthenticatedSeller } from '../plugins/authenticate.ts';

type Output<S> = S extends z.ZodType ? z.output<S> : undefined;

export interface RouteContext<E extends Endpoint> {
  body: Output<E['body']>;
  query: Output<E['query']>;
  params: Output<E['params']>;
  seller: E['auth'] extends true ? AuthenticatedSeller : undefined;
  request: FastifyRequest;
  reply: FastifyReply;
}

export type RouteHandler<E extends Endpoint> = (
  context: RouteContext<E>,
) => Promise<ResponseOf<E>> | ResponseOf<E>;

/**
 * Registers a contract endpoint: the contract's schemas validate the input, serialise the
 * output and describe the route in the OpenAPI document; `auth` endpoints run the token check.
 */
export function defineRoute<E extends Endpoint>(
  app: FastifyInstance,
  endpoint: E,
  handler: RouteHandler<E>,
  options: Pick<RouteShorthandOptions, 'config' | 'bodyLimit'> = {},
): void {
  const response: Record<number, z.ZodType> = {};
  if (endpoint.response) response[endpoint.successStatus] = endpoint.response;
  app.route({
    method: endpoint.method,
    url: toFastifyPath(endpoint.path),
    ...options,
    schema: {
      summary: endpoint.summary,
      tags: [...endpoint.tags],
      ...(endpoint.auth ? { security: [{ bearerAuth: [] }] } : {}),
      ...(endpoint.body ? { body: endpoint.body } : {}),
      ...(endpoint.query ? { querystring: endpoint.query } : {}),
      ...(endpoint.params ? { params: endpoint.params } : {}),
      response,
    },
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
      return endpoint.successStatus === 204 ? reply.send() : result;
    },
  });
}

/** `/api/products/{id}` → `/api/products/:id` */
export function toFastifyPath(contractPath: string): string {
  return contractPath.replace(/\{(\w+)\}/g, ':$1');
}
