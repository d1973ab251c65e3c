import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { connectTestRedis, deleteKeys, describeWithRedis } from '../test/redis.ts';
import { createMemoryStore, createRedisStore, type RateLimitStore } from './rate-limit-store.ts';

interface StoreUnderTest {
  store: RateLimitStore;
  /** Returns once the window of `key` (opened with `windowMs`) is over. */
  outlive: (key: string, windowMs: number) => Promise<void>;
}

/** What every store promises the rate limiter, whether it counts in memory or in Redis. */
function behavesAsACounterStore(open: () => Promise<StoreUnderTest>) {
  let subject: StoreUnderTest | undefined;
  beforeAll(async () => {
    subject = await open();
  });
  afterAll(async () => {
    await subject?.store.close();
  });
  const current = (): StoreUnderTest => {
    if (!subject) throw new Error('The store did not open.');
    return subject;
  };
  const key = () => `test-${randomBytes(6).toString('hex')}`;

  it('counts the hits of a key from 1 within its window', async () => {
    const { store } = current();
    const k = key();
    const first = await store.increment(k, 60_000);
    const second = await store.increment(k, 60_000);
    expect(first.count).toBe(1);
    expect(second.count).toBe(2);
    expect(first.resetInMs).toBeGreaterThan(0);
    expect(first.resetInMs).toBeLessThanOrEqual(60_000);
    // A fixed window: more hits do not push its end back.
    expect(second.resetInMs).toBeLessThanOrEqual(first.resetInMs);
  });

  it('keeps keys apart', async () => {
    const { store } = current();
    const [a, b] = [key(), key()];
    await store.increment(a, 60_000);
    await store.increment(a, 60_000);
    expect((await store.increment(b, 60_000)).count).toBe(1);
  });

  it('reads a count without adding to it, and nothing for an unknown key', async () => {
    const { store } = current();
    const k = key();
    expect(await store.get(k)).toBeUndefined();
    await store.increment(k, 60_000);
    await store.increment(k, 60_000);
    const read = await store.get(k);
    expect(read?.count).toBe(2);
    expect(read?.resetInMs).toBeGreaterThan(0);
    expect(read?.resetInMs).toBeLessThanOrEqual(60_000);
    expect((await store.get(k))?.count).toBe(2);
  });

  it('forgets a key that is reset', async () => {
    const { store } = current();
    const k = key();
    await store.increment(k, 60_000);
    await store.reset(k);
    expect(await store.get(k)).toBeUndefined();
    expect((await store.increment(k, 60_000)).count).toBe(1);
  });

  it('starts counting again once the window is over', async () => {
    const { store, outlive } = current();
    const k = key();
    await store.increment(k, 200);
    await store.increment(k, 200);
    await outlive(k, 200);
    expect(await store.get(k)).toBeUndefined();
    expect((await store.increment(k, 200)).count).toBe(1);
  });
}

describe('the memory store', () => {
  let now = Date.now();
  behavesAsACounterStore(async () => ({
    store: createMemoryStore(() => now),
    outlive: async (_key, windowMs) => {
      now += windowMs;
    },
  }));
});

describe('the Redis store when Redis does not answer', () => {
  it('fails a hit at once instead of holding the request until Redis is back', async () => {
    const store = await createRedisStore('redis://127.0.0.1:1');
    try {
      const started = performance.now();
      await expect(store.increment('login-account:someone', 60_000)).rejects.toThrow();
      await expect(store.get('login-account:someone')).rejects.toThrow();
      expect(performance.now() - started).toBeLessThan(1000);
    } finally {
      await store.close();
    }
  });
});

/**
 * A new Redis store refuses commands until its connection is up (no offline queue: a request
 * never waits for Redis); wait for that before counting on it.
 */
async function connectedRedisStore(url: string, prefix: string): Promise<RateLimitStore> {
  const store = await createRedisStore(url, prefix);
  const probe = `probe-${randomBytes(4).toString('hex')}`;
  await vi.waitFor(() => store.get(probe), { timeout: 5_000, interval: 20 });
  return store;
}

describeWithRedis('the Redis store', (url) => {
  // Keys of this run only: the server is shared with other runs and other test files.
  const prefix = `sc:test:${randomBytes(6).toString('hex')}:`;
  let raw: Redis | undefined;
  const redis = (): Redis => {
    if (!raw) throw new Error('No connection to Redis.');
    return raw;
  };
  const opened: RateLimitStore[] = [];
  const open = async (storePrefix = prefix) => {
    const store = await connectedRedisStore(url, storePrefix);
    opened.push(store);
    return store;
  };

  beforeAll(async () => {
    raw = await connectTestRedis(url);
  });
  afterAll(async () => {
    await Promise.all(opened.map((store) => store.close()));
    // Unset when Redis did not answer: the tests failed already, nothing was written.
    if (!raw) return;
    await deleteKeys(raw, prefix);
    raw.disconnect();
  });

  describe('as a counter store', () => {
    behavesAsACounterStore(async () => ({
      store: await connectedRedisStore(url, prefix),
      // Redis drops the key when its expiry passes.
      outlive: async (key) => {
        await expect.poll(() => redis().exists(prefix + key), { timeout: 5_000 }).toBe(0);
      },
    }));
  });

  describe('shared by several server copies', () => {
    const key = `login-account:${randomBytes(6).toString('hex')}`;
    afterEach(async () => {
      await raw?.del(prefix + key);
    });

    it('adds up the hits of every copy and sees resets made by another', async () => {
      const [first, second] = [await open(), await open()];
      await first.increment(key, 60_000);
      await first.increment(key, 60_000);
      expect((await second.increment(key, 60_000)).count).toBe(3);
      expect((await first.get(key))?.count).toBe(3);
      await second.reset(key);
      expect(await first.get(key)).toBeUndefined();
    });

    it('keeps its counters under its prefix, each with an expiry', async () => {
      const store = await open();
      const other = await open(`${prefix}other:`);
      await store.increment(key, 60_000);
      expect(await redis().get(prefix + key)).toBe('1');
      const ttl = await redis().pttl(prefix + key);
      expect(ttl).toBeGreaterThan(0);
      expect(ttl).toBeLessThanOrEqual(60_000);
      expect(await other.get(key)).toBeUndefined();
    });

    it('gives a counter that lost its expiry a new one, so that it cannot lock out for good', async () => {
      const store = await open();
      await redis().set(prefix + key, '4');
      const hit = await store.increment(key, 60_000);
      expect(hit).toEqual({ count: 5, resetInMs: 60_000 });
      const ttl = await redis().pttl(prefix + key);
      expect(ttl).toBeGreaterThan(0);
      expect(ttl).toBeLessThanOrEqual(60_000);
    });
  });
});
