import type { FastifyInstance, onSendHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import type { DatabaseHandle } from '../db/client.ts';
import { createResponseCache, type ResponseCache } from '../lib/response-cache.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Undefined when RESPONSE_CACHE_SECONDS is 0. */
    responseCache: ResponseCache | undefined;
  }
}

/** Announced by the database on every committed change (migration 0004_change_feed). */
export const sellerDataChannel = 'seller_data_changed';

export interface ResponseCachePluginOptions {
  database: DatabaseHandle;
  ttlSeconds: number;
  maxBytes: number;
}

/**
 * The per-seller cache of hot reads (`defineRoute(…, { cached: true })`), kept true by the
 * database's change notices, which reach every copy of the server; a seller's own writes
 * through this copy drop their cache before the answer leaves, so they read them back at once.
 */
export const responseCachePlugin = fp<ResponseCachePluginOptions>(
  async (app: FastifyInstance, options) => {
    if (options.ttlSeconds === 0) {
      app.decorate('responseCache', undefined);
      return;
    }
    const cache = createResponseCache({
      ttlMs: options.ttlSeconds * 1000,
      maxBytes: options.maxBytes,
    });
    app.decorate('responseCache', cache);

    const unlisten = await options.database.listen(sellerDataChannel, {
      onNotification: (payload) =>
        payload === '*' ? cache.invalidateAll() : cache.invalidate(payload),
      onListening: () => {
        cache.setListening(true);
      },
      onInterrupted: () => {
        cache.setListening(false);
        app.log.warn('lost the database change feed: the response cache is off until it is back');
      },
    });
    app.addHook('onClose', async () => {
      cache.setListening(false);
      await unlisten();
    });

    const dropSellerCache: onSendHookHandler = (request, _reply, payload, done) => {
      if (request.seller) cache.invalidate(request.seller.id);
      done(null, payload);
    };
    // Only writes pay for it: reads register no hook at all.
    app.addHook('onRoute', (route) => {
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      if (methods.every((method) => method === 'GET' || method === 'HEAD')) return;
      const existing = route.onSend;
      route.onSend = [
        ...(Array.isArray(existing) ? existing : existing ? [existing] : []),
        dropSellerCache,
      ];
    });
  },
  { name: 'response-cache' },
);
