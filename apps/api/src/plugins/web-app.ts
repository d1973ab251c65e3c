import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/app-error.ts';
import { isApiPath } from './security-headers.ts';

/**
 * Serves the built web app: hashed assets cached for a year, index.html never cached, and
 * every other GET that is not an API call answered with index.html (client-side routes).
 */
export const webAppPlugin = fp<{ distDir: string }>(
  async (app: FastifyInstance, { distDir }) => {
    const hasWebApp = existsSync(path.join(distDir, 'index.html'));
    if (hasWebApp) {
      await app.register(fastifyStatic, {
        root: distDir,
        prefix: '/',
        index: 'index.html',
        // One route for every file, looked up when asked for, rather than a route per file
        // (and per .br, .gz and .map) built at start; a missing file falls to the handler below.
        wildcard: true,
        // The build writes .br/.gz beside each asset (apps/web/vite.config.ts).
        preCompressed: true,
        setHeaders: (res, filePath) => {
          const relative = path.relative(distDir, filePath);
          res.header(
            'Cache-Control',
            relative.startsWith(`assets${path.sep}`)
              ? 'public, max-age=31536000, immutable'
              : 'no-cache',
          );
        },
      });
    }
    app.setNotFoundHandler((request, reply) => {
      const pathname = request.url.split('?')[0] ?? '';
      const isPageRequest =
        (request.method === 'GET' || request.method === 'HEAD') &&
        !isApiPath(pathname) &&
        !pathname.startsWith('/storage/') &&
        !path.extname(pathname);
      if (hasWebApp && isPageRequest) {
        return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
      }
      throw new AppError(
        'not_found',
        `Route ${request.method} ${request.url.split('?')[0]} not found`,
      );
    });
  },
  { name: 'web-app' },
);
