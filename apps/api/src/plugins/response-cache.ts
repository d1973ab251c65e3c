import type {
  FastifyInstance,
  FastifyRequest,
  onSendHookHandler,
  preHandlerHookHandler,
  RouteOptions,
} from 'fastify';
import fp from 'fastify-plugin';
import type { DatabaseHandle } from '../db/client.ts';
import {
  type CacheTicket,
  createResponseCache,
  type ResponseCache,
} from '../lib/response-cache.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Undefined when RESPONSE_CACHE_SECONDS is 0. */
    responseCache: ResponseCache | undefined;
  }
  interface FastifyContextConfig {
    /**
     * A signed-in seller's read kept in the response cache, keyed by seller and URL: only for
     * reads whose answer depends on nothing but the seller's products and sales, and the clock
     * within RESPONSE_CACHE_SECONDS.
     */
    responseCache?: boolean;
  }
}

/** Route options of a read served from the response cache: `defineRoute(…, cachedPerSeller)`. */
export const cachedPerSeller = { config: { responseCache: true } };

/** Announced by the database on every committed change (migration 0004_change_feed). */
export const sellerDataChannel = 'seller_data_changed';

export interface ResponseCachePluginOptions {
  database: DatabaseHandle;
  ttlSeconds: number;
  maxBytes: number;
}

const jsonContentType = 'application/json; charset=utf-8';

type Hooks<H> = H | H[] | undefined;

function appendHook<H>(existing: Hooks<H>, hook: H): H[] {
  return [...(Array.isArray(existing) ? existing : existing ? [existing] : []), hook];
}

const methodsOf = (route: RouteOptions) =>
  Array.isArray(route.method) ? route.method : [route.method];

/**
 * The per-seller cache of hot reads (routes whose config has `responseCache`), kept true by the
 * database's change notices, which reach every copy of the server; a seller's own writes
 * through this copy drop their cache before the answer leaves, so they read them back at once.
 */
export const responseCachePlugin = fp<ResponseCachePluginOptions>(
  async (app: FastifyInstance, options) => {
    // A misplaced flag is a mistake of the code, refused at start whether the cache is on or not.
    app.addHook('onRoute', (route) => {
      if (!route.config?.responseCache) return;
      const onRequest = Array.isArray(route.onRequest) ? route.onRequest : [route.onRequest];
      const signedIn = app.hasDecorator('authenticate') && onRequest.includes(app.authenticate);
      const reads = methodsOf(route).every((method) => method === 'GET' || method === 'HEAD');
      if (!signedIn || !reads) {
        throw new Error(
          `${methodsOf(route).join(',')} ${route.url}: only a signed-in read is cached`,
        );
      }
    });

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

    /** Reads that missed: the ticket taken before their handler ran, handed back on send. */
    const misses = new WeakMap<FastifyRequest, CacheTicket>();

    // After authentication and validation, before the handler: a stored answer ends the request.
    const serveStored: preHandlerHookHandler = async (request, reply) => {
      if (!request.seller) return;
      const stored = cache.get(request.seller.id, request.url);
      if (stored) return reply.code(200).type(jsonContentType).send(stored);
      misses.set(request, cache.ticket(request.seller.id));
    };

    // The payload here is the route's own serialisation: a stored body is byte for byte a fresh one.
    const storeFresh: onSendHookHandler = (request, reply, payload, done) => {
      const ticket = misses.get(request);
      if (ticket && reply.statusCode === 200 && typeof payload === 'string') {
        cache.store(ticket, request.url, Buffer.from(payload));
      }
      done(null, payload);
    };

    const dropSellerCache: onSendHookHandler = (request, _reply, payload, done) => {
      if (request.seller) cache.invalidate(request.seller.id);
      done(null, payload);
    };

    app.addHook('onRoute', (route) => {
      const methods = methodsOf(route);
      if (methods.every((method) => method === 'GET' || method === 'HEAD')) {
        // Fastify's HEAD copy of a GET route answers no body: it is left to run as it is.
        if (route.config?.responseCache && methods.includes('GET')) {
          route.preHandler = appendHook(route.preHandler, serveStored);
          route.onSend = appendHook(route.onSend, storeFresh);
        }
        return;
      }
      // Only writes pay for it: reads register no such hook.
      route.onSend = appendHook(route.onSend, dropSellerCache);
    });
  },
  { name: 'response-cache' },
);
