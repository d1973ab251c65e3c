import {
  type RateLimiterAbstract,
  RateLimiterMemory,
  RateLimiterRedis,
} from 'rate-limiter-flexible';

/** At most `max` hits per fixed window of `windowSeconds`, counted per subject. */
export interface RateLimitRule {
  /** Names the counters (and their Redis keys): one name, one rule. */
  name: string;
  max: number;
  /** Whole seconds: the window starts with the first hit and is not pushed back by later ones. */
  windowSeconds: number;
}

/**
 * Where the counters live: in this copy of the server (memory), or in Redis, shared by every
 * copy. Each rule gets the library's limiter over that store.
 */
export interface RateLimitStore {
  limiterFor(rule: RateLimitRule): RateLimiterAbstract;
  close(): Promise<void>;
}

const libraryOptions = (rule: RateLimitRule, keyPrefix: string) => ({
  keyPrefix,
  points: rule.max,
  duration: rule.windowSeconds,
});

export function createMemoryStore(): RateLimitStore {
  return {
    limiterFor: (rule) => new RateLimiterMemory(libraryOptions(rule, rule.name)),
    async close() {},
  };
}

/**
 * ioredis is loaded only when REDIS_URL is set: a single copy starts without it. Keys are
 * `<prefix><rule>:<subject>`, each expiring with its window.
 */
export async function createRedisStore(url: string, prefix = 'sc:rl:'): Promise<RateLimitStore> {
  const { Redis } = await import('ioredis');
  const redis = new Redis(url, {
    // A request must not wait for Redis to come back: fail fast and let the caller decide.
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: 2000,
    lazyConnect: false,
  });
  redis.on('error', () => {});
  // Commands sent before the connection is up would be refused (no offline queue), so the
  // first requests after a start would go uncounted: wait for it, for a bounded time. A Redis
  // that does not answer still lets the server start; the limiter then warns and allows.
  await new Promise<void>((resolve) => {
    const done = () => {
      clearTimeout(timer);
      redis.off('ready', done);
      resolve();
    };
    const timer = setTimeout(done, 3000);
    timer.unref();
    if (redis.status === 'ready') done();
    else redis.once('ready', done);
  });
  return {
    limiterFor: (rule) =>
      new RateLimiterRedis({
        ...libraryOptions(rule, `${prefix}${rule.name}`),
        storeClient: redis,
        // Refused at once while the connection is down, rather than queued behind it.
        rejectIfRedisNotReady: true,
      }),
    async close() {
      redis.disconnect();
    },
  };
}
