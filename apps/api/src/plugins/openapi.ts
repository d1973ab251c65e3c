import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { apiTags } from '@seller/contract/api-tags';
import { type ErrorCode, errorBodySchema } from '@seller/contract/errors';
import type { FastifyInstance, FastifySchema } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { statusOfCode } from '../lib/app-error.ts';
import { signatureSecurityScheme } from '../lib/internal-signature.ts';

export interface OpenApiOptions {
  /** The address browsers use (PUBLIC_URL); without it the document names the same origin. */
  publicUrl: string | undefined;
  /** `METHOD /path` (Fastify path syntax) of the throttled routes: they may answer 429. */
  throttledRoutes: readonly string[];
}

const errorSchemaRef = { $ref: '#/components/schemas/Error' };

/** The shared error body, as the serialiser writes it. */
function errorComponent(): Record<string, unknown> {
  const { $schema: _dialect, ...schema } = z.toJSONSchema(errorBodySchema, {
    target: 'draft-2020-12',
    io: 'output',
  });
  return schema;
}

const bodyMethods = new Set(['POST', 'PUT', 'DELETE']);

/**
 * The error codes a route may answer: those its shape implies (input, a seller token or a
 * signature, an `{id}` in the path, a body, throttling, the server's own failures) and the
 * ones its contract names.
 */
export function routeErrorCodes(route: {
  method: string;
  url: string;
  schema: FastifySchema;
  throttled: boolean;
}): ErrorCode[] {
  const { method, url, schema, throttled } = route;
  const codes = new Set<ErrorCode>();
  if (schema.body || schema.querystring || schema.params) codes.add('validation_failed');
  if (bodyMethods.has(method)) {
    codes.add('invalid_json');
    codes.add('payload_too_large');
    codes.add('unsupported_media_type');
  }
  if (Array.isArray(schema.security) && schema.security.length > 0) codes.add('unauthorized');
  // A personal API token is refused where its scopes do not reach (or a session is needed).
  if (schema.apiScope !== undefined) {
    codes.add('insufficient_scope');
    codes.add('rate_limited');
  }
  if (/[:{]/.test(url)) {
    codes.add('not_found');
    codes.add('uri_too_long');
  }
  if (throttled) codes.add('rate_limited');
  for (const code of schema.documented?.errors ?? []) codes.add(code);
  codes.add('internal_error');
  codes.add('service_unavailable');
  return [...codes];
}

/** One response per status, each listing its codes and pointing at the shared error schema. */
function errorResponses(codes: readonly ErrorCode[]): Record<number, unknown> {
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of codes) {
    const status = statusOfCode(code);
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  const responses: Record<number, unknown> = {};
  for (const [status, statusCodes] of [...byStatus].sort(([a], [b]) => a - b)) {
    responses[status] = {
      description: `\`code\`: ${statusCodes.map((code) => `\`${code}\``).join(', ')}`,
      content: { 'application/json': { schema: errorSchemaRef } },
    };
  }
  return responses;
}

const successDescriptions: Partial<Record<number, string>> = { 200: 'OK', 201: 'Created' };

/** The success answers: JSON from the contract, nothing for a 204, or a file. */
function successResponses(
  documented: NonNullable<FastifySchema['documented']>,
  response: Record<string, unknown> | undefined,
): Record<number, unknown> {
  const { successStatus, produces } = documented;
  if (successStatus === 204) return { 204: { description: 'No content', type: 'null' } };
  if (produces) {
    return {
      [successStatus]: {
        description: 'The file, as an attachment',
        headers: {
          'content-disposition': {
            type: 'string',
            description: 'attachment; filename="…"',
          },
        },
        content: { [produces]: { schema: { type: 'string' } } },
      },
    };
  }
  const responses: Record<number, unknown> = {};
  for (const [status, schema] of Object.entries(response ?? {})) {
    responses[Number(status)] = {
      ...(schema as object),
      'x-response-description': successDescriptions[Number(status)] ?? 'OK',
    };
  }
  return responses;
}

/** The OpenAPI document generated from the contract schemas, browsable at /api/docs. */
export const openApiPlugin = fp<OpenApiOptions>(
  async (app: FastifyInstance, { publicUrl, throttledRoutes }) => {
    const throttled = new Set(throttledRoutes);
    await app.register(swagger, {
      openapi: {
        openapi: '3.1.0',
        info: {
          title: 'Seller Center API',
          description:
            'The API of the seller center: accounts, uploads, products, sales and payout details of sellers, and the signed calls of the member site. Errors are `{ error, code, details? }` (the `Error` schema) with the HTTP status of their code; `details` lists every refused field as `{ path, code, message }`.',
          version: '1.0.0',
          contact: { name: 'Seller Center team' },
          // Not published under any licence (package.json: UNLICENSED). OpenAPI 3.1 wants a URL
          // or an SPDX expression with the name; there is no licence page to point at, and
          // `LicenseRef-…` is SPDX's form for a licence of one's own.
          license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
        },
        servers: [
          publicUrl
            ? { url: publicUrl, description: 'This server' }
            : { url: '/', description: 'This server (the origin the document is read from)' },
        ],
        tags: Object.entries(apiTags).map(([name, description]) => ({ name, description })),
        components: {
          securitySchemes: {
            bearerAuth: {
              type: 'http',
              scheme: 'bearer',
              bearerFormat: 'JWT',
              description:
                'The token returned by signup, login and change-password, valid for TOKEN_TTL_SECONDS (a week by default); logout and a password change revoke every earlier token.',
            },
            apiToken: {
              type: 'http',
              scheme: 'bearer',
              bearerFormat: 'sc_ token',
              description:
                'A personal API token (`sc_…`, made on /settings/developer), limited to its scopes: `products:read`, `products:write`, `sales:read`. Operations that list a scope accept it; the account itself needs a signed-in session (403 `insufficient_scope`). Throttled per token.',
            },
            [signatureSecurityScheme.name]: { ...signatureSecurityScheme.scheme },
          },
          schemas: { Error: errorComponent() },
        },
      },
      transform: (input) => {
        const { schema, url } = jsonSchemaTransform(input);
        const { documented, apiScope: _scope, ...rest } = (schema ?? {}) as FastifySchema;
        if (!documented) return { schema: rest, url };
        const method = String(input.route.method);

        const errors = routeErrorCodes({
          method,
          url,
          schema: { ...rest, documented },
          throttled: throttled.has(`${method} ${input.route.url}`),
        });
        return {
          schema: {
            ...rest,
            response: {
              ...successResponses(documented, rest.response as Record<string, unknown>),
              ...errorResponses(errors),
            },
          },
          url,
        };
      },
    });
    await app.register(swaggerUi, {
      routePrefix: '/api/docs',
      staticCSP: true,
      // Swagger UI sets inline styles; scripts stay limited to its own files.
      transformStaticCSP: (header) =>
        header
          .replace(/frame-ancestors [^;]*/, "frame-ancestors 'none'")
          .replace(/style-src ([^;]*)/, (_match, sources: string) =>
            sources.includes("'unsafe-inline'")
              ? `style-src ${sources}`
              : `style-src ${sources} 'unsafe-inline'`,
          ),
    });
  },
  { name: 'openapi' },
);
