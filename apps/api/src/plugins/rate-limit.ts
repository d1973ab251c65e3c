import type { FastifyInstance, FastifyRequest, preHandlerHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import type { RateLimiter, RateLimitRule } from '../lib/rate-limiter.ts';

export interface RateLimitedRoute {
  rule: RateLimitRule;
  /** Who is counted: the client address, or the signed-in seller. */
  subject: 'ip' | 'seller';
}

export interface RateLimitPluginOptions {
  limiter: RateLimiter;
  /** `METHOD /path` (Fastify path syntax) → its limit. */
  routes: Record<string, RateLimitedRoute>;
}

function subjectOf(request: FastifyRequest, subject: RateLimitedRoute['subject']): string {
  return subject === 'seller' && request.seller
    ? `seller:${request.seller.id}`
    : `ip:${request.ip}`;
}

/**
 * Attaches request limits to routes by method and path, in one place, whichever module
 * declares the route. Runs after authentication so per-seller limits see the seller.
 */
export const rateLimitPlugin = fp<RateLimitPluginOptions>(
  async (app: FastifyInstance, { limiter, routes }) => {
    app.addHook('onRoute', (route) => {
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      for (const method of methods) {
        const limited = routes[`${method} ${route.url}`];
        if (!limited) continue;
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
  },
  { name: 'rate-limit' },
);
