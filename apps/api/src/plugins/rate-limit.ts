import type { Endpoint } from '@seller/contract/endpoint';
import type { FastifyInstance, FastifyRequest, preHandlerHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { toFastifyPath } from '../lib/define-route.ts';
import type { RateLimiter, RateLimitRule } from '../lib/rate-limiter.ts';

export interface RateLimitedRoute {
  rule: RateLimitRule;
  /** Who is counted: the client address, or the signed-in seller. */
  subject: 'ip' | 'seller';
}

/** `METHOD /path` (Fastify path syntax) → its limit. */
export type RateLimitedRoutes = Record<string, RateLimitedRoute>;

/** The key of a contract endpoint's route in `RateLimitedRoutes`. */
export const routeKey = (endpoint: Pick<Endpoint, 'method' | 'path'>): string =>
  `${endpoint.method} ${toFastifyPath(endpoint.path)}`;

export interface RateLimitPluginOptions {
  limiter: RateLimiter;
  /** The limits each module declares for its routes. */
  routes: RateLimitedRoutes;
}

function subjectOf(request: FastifyRequest, subject: RateLimitedRoute['subject']): string {
  return subject === 'seller' && request.seller
    ? `seller:${request.seller.id}`
    : `ip:${request.ip}`;
}

/**
 * Attaches the request limits that modules declare for their routes, by method and path. Runs
 * after authentication so per-seller limits see the seller.
 */
export const rateLimitPlugin = fp<RateLimitPluginOptions>(
  async (app: FastifyInstance, { limiter, routes }) => {
    const unmatched = new Set(Object.keys(routes));
    app.addHook('onRoute', (route) => {
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      for (const method of methods) {
        const key = `${method} ${route.url}`;
        const limited = routes[key];
        if (!limited) continue;
        unmatched.delete(key);
        const check: preHandlerHookHandler = async (request) => {
          await limiter.consume(limited.rule, subjectOf(request, limited.subject));
        };
        const existing = route.preHandler;
        route.preHandler = [
          ...(Array.isArray(existing) ? existing : existing ? [existing] : []),
          check,
        ];
      }
    });
    // A limit whose route is gone or renamed would go silently unenforced (yet documented).
    app.addHook('onReady', async () => {
      if (unmatched.size > 0) {
        throw new Error(`Rate limits for routes that do not exist: ${[...unmatched].join(', ')}`);
      }
    });
  },
  { name: 'rate-limit' },
);
