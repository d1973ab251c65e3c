import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * JSON bodies as Fastify parses them (prototype poisoning refused), except that an empty body
 * is no body on a route that takes none: clients that always send `Content-Type:
 * application/json` may call DELETE or logout without one. A route with a body schema still
 * refuses an empty body (400 `invalid_json`).
 */
export const jsonBodyPlugin = fp(
  async (app: FastifyInstance) => {
    const parse = app.getDefaultJsonParser('error', 'error');
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
      const text = body.toString();
      if (text === '' && !request.routeOptions.schema?.body) {
        done(null, undefined);
        return;
      }
      parse(request, text, done);
    });
  },
  { name: 'json-body' },
);
