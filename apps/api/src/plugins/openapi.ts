import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** The OpenAPI document generated from the contract schemas, browsable at /api/docs. */
export const openApiPlugin = fp(
  async (app: FastifyInstance) => {
    await app.register(swagger, {
      openapi: {
        openapi: '3.1.0',
        info: {
          title: 'Seller Center API',
          description:
            'API of the seller center. Errors are `{ error, code }` with the HTTP status of their code.',
          version: '1.0.0',
        },
        components: {
          securitySchemes: {
            bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          },
        },
      },
      transform: jsonSchemaTransform,
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
