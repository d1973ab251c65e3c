export interface WindowCount {
  count: number;
  /** Milliseconds until the window ends and the count starts again. */
  resetInMs: number;
}

/** Fixed-window counters; one copy of the server (memory) or shared by all copies (Redis). */
export interface RateLimitStore {
  increment(key: string, windowMs: number): Promise<WindowCount>;
  get(key: string): Promise<WindowCount | undefined>;
  reset(key: string): Promise<void>;
  close(): Promise<void>;
}

export function createMemoryStore(now: () => number = Date.now): RateLimitStore {
  const windows = new Map<string, { count: number; endsAt: number }>();
  let sweeps = 0;
  const live = (key: string) => {
    const entry = windows.get(key);
    if (entry && entry.endsAt <= now()) {
      windows.delete(key);
      return undefined;
    }
    return entry;
  };
  const sweep = () => {
    sweeps += 1;
    if (sweeps % 1000 !== 0) return;
    const time = now();
    for (const [key, entry] of windows) if (entry.endsAt <= time) windows.delete(key);
  };
  return {
    async increment(key, windowMs) {
      sweep();
      const entry = live(key) ?? { count: 0, endsAt: now() + windowMs };
      entry.count += 1;
      windows.set(key, entry);
      return { count: entry.count, resetInMs: entry.endsAt - now() };
    },
    async get(key) {
      const entry = live(key);
      return entry ? { count: entry.count, resetInMs: entry.endsAt - now() } : undefined;
    },
    async reset(key) {
      windows.delete(key);
    },
    async close() {
      windows.clear();
    },
  };
}

const incrementScript = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]); ttl = tonumber(ARGV[1]) end
return { count, ttl }
`;

/** ioredis is loaded only when REDIS_URL is set: a single copy starts without it. */
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
    async increment(key, windowMs) {
      const [count, ttl] = (await redis.eval(incrementScript, 1, prefix + key, windowMs)) as [
        number,
        number,
      ];
      return { count, resetInMs: ttl };
    },
    async get(key) {
      const [value, ttl] = await Promise.all([redis.get(prefix + key), redis.pttl(prefix + key)]);
      if (value === null) return undefined;
      return { count: Number(value), resetInMs: Math.max(ttl, 0) };
    },
    async reset(key) {
      await redis.del(prefix + key);
    },
    async close() {
      redis.disconnect();
    },
  };
}
