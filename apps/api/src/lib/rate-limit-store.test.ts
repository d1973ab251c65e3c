import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { connectTestRedis, deleteKeys, describeWithRedis } from '../test/redis.ts';
import { AppError } from './app-error.ts';
import { createMemoryStore, createRedisStore, type RateLimitStore } from './rate-limit-store.ts';
import { createRateLimiter, type RateLimiter, type RateLimitRule } from './rate-limiter.ts';

interface LimiterUnderTest {
  limiter: RateLimiter;
  /** Returns once the window of `rule` (every subject's) is over. */
  outlive: (rule: RateLimitRule) => Promise<void>;
}

const ruleOf = (max: number, windowSeconds = 60): RateLimitRule => ({
  name: `test-${randomBytes(6).toString('hex')}`,
  max,
  windowSeconds,
});
const subject = () => `someone-${randomBytes(6).toString('hex')}@example.com`;

/** The 429 a refused attempt answers, with the seconds to wait. */
async function refusal(attempt: Promise<void>): Promise<number> {
  const error = await attempt.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(AppError);
  expect(error).toMatchObject({ code: 'rate_limited' });
  const seconds = (error as AppError).options.retryAfterSeconds ?? 0;
  expect(seconds).toBeGreaterThan(0);
  return seconds;
}

/** What every store gives the rate limiter, whether it counts in memory or in Redis. */
function behavesAsARateLimiter(current: () => LimiterUnderTest) {
  it('lets `max` attempts through in a window and refuses the next with the seconds left', async () => {
    const { limiter } = current();
    const [rule, who] = [ruleOf(2), subject()];
    await limiter.consume(rule, who);
    await limiter.consume(rule, who);
    const wait = await refusal(limiter.consume(rule, who));
    expect(wait).toBeLessThanOrEqual(60);
    expect(await limiter.count(rule, who)).toBe(3);
  });

  it('keeps subjects and rules apart', async () => {
    const { limiter } = current();
    const [rule, other, who] = [ruleOf(1), ruleOf(1), subject()];
    await limiter.consume(rule, who);
    await limiter.consume(rule, subject());
    await limiter.consume(other, who);
    expect(await limiter.count(rule, who)).toBe(1);
  });

  it('reads a count without adding to it, and 0 for an unknown subject', async () => {
    const { limiter } = current();
    const [rule, who] = [ruleOf(5), subject()];
    expect(await limiter.count(rule, who)).toBe(0);
    await limiter.record(rule, who);
    await limiter.record(rule, who);
    expect(await limiter.count(rule, who)).toBe(2);
    expect(await limiter.count(rule, who)).toBe(2);
  });

  it('records failures without refusing, and refuses once they reach the rule', async () => {
    const { limiter } = current();
    const [rule, who] = [ruleOf(2), subject()];
    await limiter.assertAllowed(rule, who);
    await limiter.record(rule, who);
    await limiter.assertAllowed(rule, who);
    await limiter.record(rule, who);
    await limiter.record(rule, who);
    await refusal(limiter.assertAllowed(rule, who));
    // Asking counts nothing.
    expect(await limiter.count(rule, who)).toBe(3);
  });

  it('answers the count a failure makes, and gives back an attempt refunded', async () => {
    const { limiter } = current();
    const [rule, who] = [ruleOf(2), subject()];
    expect(await limiter.record(rule, who)).toBe(1);
    await limiter.consume(rule, who);
    await refusal(limiter.consume(rule, who));
    await limiter.refund(rule, who);
    expect(await limiter.count(rule, who)).toBe(2);
    // An unknown subject is left as it is: no window opens with a negative count.
    const other = subject();
    await limiter.refund(rule, other);
    expect(await limiter.count(rule, other)).toBe(0);
    await limiter.consume(rule, other);
    await limiter.consume(rule, other);
    await refusal(limiter.consume(rule, other));
  });

  it('forgets a subject that is reset', async () => {
    const { limiter } = current();
    const [rule, who] = [ruleOf(1), subject()];
    await limiter.record(rule, who);
    await limiter.reset(rule, who);
    expect(await limiter.count(rule, who)).toBe(0);
    await limiter.consume(rule, who);
  });

  it('starts counting again once the window is over', async () => {
    const { limiter, outlive } = current();
    const [rule, who] = [ruleOf(1, 1), subject()];
    await limiter.consume(rule, who);
    await refusal(limiter.consume(rule, who));
    await outlive(rule);
    expect(await limiter.count(rule, who)).toBe(0);
    await limiter.consume(rule, who);
  });
}

describe('the rate limiter in memory', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });
  behavesAsARateLimiter(() => {
    return {
      limiter: createRateLimiter(createMemoryStore(), () => {}),
      outlive: async (rule) => {
        await vi.advanceTimersByTimeAsync(rule.windowSeconds * 1000);
      },
    };
  });

  it('keeps a fixed window: later attempts do not push its end back', async () => {
    const limiter = createRateLimiter(createMemoryStore(), () => {});
    const [rule, who] = [ruleOf(1), subject()];
    await limiter.consume(rule, who);
    await vi.advanceTimersByTimeAsync(40_000);
    expect(await refusal(limiter.consume(rule, who))).toBe(20);
    await vi.advanceTimersByTimeAsync(20_000);
    await limiter.consume(rule, who);
  });
});

describe('the Redis store when Redis does not answer', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  /** With the timers stopped, an answer that waited for a reconnection would never come. */
  async function openStopped(): Promise<RateLimitStore> {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const opening = createRedisStore('redis://127.0.0.1:1');
    // The store waits a bounded time for its first connection before it serves.
    await vi.waitFor(() => expect(vi.getTimerCount()).toBeGreaterThan(0));
    await vi.advanceTimersByTimeAsync(3000);
    return opening;
  }

  it('fails a hit at once instead of holding the request until Redis is back', async () => {
    const store = await openStopped();
    try {
      const limiter = store.limiterFor(ruleOf(5));
      await expect(limiter.consume('someone')).rejects.toThrow();
      await expect(limiter.get('someone')).rejects.toThrow();
    } finally {
      await store.close();
    }
  });

  it('lets every attempt through and warns, rather than locking every seller out', async () => {
    const store = await openStopped();
    try {
      const warnings: string[] = [];
      const limiter = createRateLimiter(store, (message) => warnings.push(message));
      const [rule, who] = [ruleOf(1), subject()];
      await limiter.consume(rule, who);
      await limiter.consume(rule, who);
      await limiter.record(rule, who);
      await limiter.assertAllowed(rule, who);
      expect(await limiter.count(rule, who)).toBe(0);
      await limiter.reset(rule, who);
      expect(warnings).toHaveLength(6);
      expect(warnings[0]).toBe('rate limit store unavailable; request allowed');
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
  const probe = store.limiterFor(ruleOf(1));
  await vi.waitFor(() => probe.get('probe'), { timeout: 5_000, interval: 20 });
  return store;
}

describeWithRedis('the rate limiter over Redis', (url) => {
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
    return createRateLimiter(store, (message, error) => {
      throw new Error(`${message}: ${String(error)}`);
    });
  };
  /** The keys of a rule: one per subject, the subject hashed. */
  const keysOf = (rule: RateLimitRule) => redis().keys(`${prefix}${rule.name}:*`);

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

  describe('as a rate limiter', () => {
    let limiter: RateLimiter | undefined;
    beforeAll(async () => {
      limiter = await open();
    });
    behavesAsARateLimiter(() => {
      if (!limiter) throw new Error('The store did not open.');
      return {
        limiter,
        // Redis drops a key when its expiry passes: bring it forward rather than wait for it.
        outlive: async (rule) => {
          for (const key of await keysOf(rule)) await redis().pexpire(key, 1);
          await expect.poll(async () => (await keysOf(rule)).length, { timeout: 5_000 }).toBe(0);
        },
      };
    });
  });

  describe('shared by several server copies', () => {
    it('adds up the attempts of every copy and sees resets made by another', async () => {
      const [first, second] = [await open(), await open()];
      const [rule, who] = [ruleOf(3), subject()];
      await first.record(rule, who);
      await first.record(rule, who);
      await second.consume(rule, who);
      await refusal(first.consume(rule, who));
      expect(await second.count(rule, who)).toBe(4);
      await second.reset(rule, who);
      expect(await first.count(rule, who)).toBe(0);
    });

    it('keeps its counters under its prefix, hashed, each with an expiry', async () => {
      const limiter = await open();
      const other = await open(`${prefix}other:`);
      const [rule, who] = [ruleOf(3), subject()];
      await limiter.consume(rule, who);
      const keys = await keysOf(rule);
      expect(keys).toHaveLength(1);
      const [key = ''] = keys;
      expect(key).not.toContain(who);
      expect(await redis().get(key)).toBe('1');
      const ttl = await redis().pttl(key);
      expect(ttl).toBeGreaterThan(0);
      expect(ttl).toBeLessThanOrEqual(60_000);
      expect(await other.count(rule, who)).toBe(0);
    });

    it('gives a counter that lost its expiry a new one, so that it cannot lock out for good', async () => {
      const limiter = await open();
      const [rule, who] = [ruleOf(10), subject()];
      await limiter.consume(rule, who);
      const [key = ''] = await keysOf(rule);
      await redis().set(key, '4');
      expect(await redis().pttl(key)).toBe(-1);
      await limiter.consume(rule, who);
      expect(await limiter.count(rule, who)).toBe(5);
      const ttl = await redis().pttl(key);
      expect(ttl).toBeGreaterThan(0);
      expect(ttl).toBeLessThanOrEqual(60_000);
    });
  });
});
