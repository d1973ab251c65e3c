import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { createMemoryStore } from '../lib/rate-limit-store.ts';
import { createRateLimiter } from '../lib/rate-limiter.ts';
import { errorHandlerPlugin } from './error-handler.ts';
import { type RateLimitedRoutes, rateLimitPlugin, routeKey } from './rate-limit.ts';

async function appWith(routes: RateLimitedRoutes, paths: string[]) {
  const app = Fastify();
  await app.register(errorHandlerPlugin);
  await app.register(rateLimitPlugin, {
    limiter: createRateLimiter(createMemoryStore(), () => {}),
    routes,
  });
  for (const path of paths) app.post(path, async () => ({ ok: true }));
  return app;
}

const onePerHour = { rule: { name: 'test', max: 1, windowSeconds: 3600 }, subject: 'ip' } as const;

describe('the rate limit plugin', () => {
  it('limits the routes it is given by method and path, and only those', async () => {
    const key = routeKey({ method: 'POST', path: '/api/things/{id}/ping' });
    expect(key).toBe('POST /api/things/:id/ping');
    const app = await appWith({ [key]: onePerHour }, ['/api/things/:id/ping', '/api/other']);
    try {
      const ping = () => app.inject({ method: 'POST', url: '/api/things/1/ping' });
      expect((await ping()).statusCode).toBe(200);
      const refused = await ping();
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toMatchObject({ code: 'rate_limited' });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      for (let i = 0; i < 2; i += 1) {
        expect((await app.inject({ method: 'POST', url: '/api/other' })).statusCode).toBe(200);
      }
    } finally {
      await app.close();
    }
  });

  it('refuses to start with a limit for a route that does not exist', async () => {
    const app = await appWith({ 'POST /api/renamed': onePerHour }, ['/api/other']);
    await expect(app.ready()).rejects.toThrow(
      'Rate limits for routes that do not exist: POST /api/renamed',
    );
    await app.close();
  });
});
