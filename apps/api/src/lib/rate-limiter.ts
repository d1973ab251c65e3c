import { createHash } from 'node:crypto';
import { type RateLimiterAbstract, RateLimiterRes } from 'rate-limiter-flexible';
import { AppError } from './app-error.ts';
import type { RateLimitRule, RateLimitStore } from './rate-limit-store.ts';

export type { RateLimitRule } from './rate-limit-store.ts';

export interface RateLimiter {
  /** Counts one attempt and refuses it (429) when it goes over the rule. */
  consume(rule: RateLimitRule, subject: string): Promise<void>;
  /** Refuses (429) when the subject is already over the rule, without counting. */
  assertAllowed(rule: RateLimitRule, subject: string): Promise<void>;
  /**
   * Counts a failure without refusing the current request; answers the count with it (0 when
   * the store is unavailable).
   */
  record(rule: RateLimitRule, subject: string): Promise<number>;
  /**
   * Gives back one attempt counted in the subject's current window (one that turned out not to
   * be a failure); nothing when the window is over or holds nothing.
   */
  refund(rule: RateLimitRule, subject: string): Promise<void>;
  /** The count of the subject's current window (0 when none, or the store is unavailable). */
  count(rule: RateLimitRule, subject: string): Promise<number>;
  reset(rule: RateLimitRule, subject: string): Promise<void>;
}

export type LogWarning = (message: string, error: unknown) => void;

function tooMany(msBeforeNext: number): AppError {
  return new AppError('rate_limited', 'Too many attempts. Try again later.', undefined, {
    retryAfterSeconds: Math.max(1, Math.ceil(msBeforeNext / 1000)),
  });
}

/**
 * Limits counted by rate-limiter-flexible over the given store. Subjects (emails, addresses)
 * are hashed so the store holds no personal data. When the store is unreachable the request
 * goes through and a warning is logged: an outage of Redis must not lock every seller out.
 */
export function createRateLimiter(store: RateLimitStore, warn: LogWarning): RateLimiter {
  const limiters = new Map<string, RateLimiterAbstract>();
  const limiterOf = (rule: RateLimitRule) => {
    let limiter = limiters.get(rule.name);
    if (!limiter) {
      limiter = store.limiterFor(rule);
      limiters.set(rule.name, limiter);
    }
    return limiter;
  };
  const keyOf = (subject: string) =>
    createHash('sha256').update(subject).digest('base64url').slice(0, 22);
  /** The library rejects with its result when over the limit, with an error when the store fails. */
  const guarded = async <T>(work: () => Promise<T>): Promise<T | undefined> => {
    try {
      return await work();
    } catch (error) {
      if (error instanceof RateLimiterRes) throw tooMany(error.msBeforeNext);
      warn('rate limit store unavailable; request allowed', error);
      return undefined;
    }
  };
  return {
    consume: (rule, subject) =>
      guarded(() => limiterOf(rule).consume(keyOf(subject))).then(() => undefined),
    assertAllowed: (rule, subject) =>
      guarded(() => limiterOf(rule).get(keyOf(subject))).then((window) => {
        if (window && window.consumedPoints >= rule.max) throw tooMany(window.msBeforeNext);
      }),
    record: (rule, subject) =>
      guarded(() => limiterOf(rule).penalty(keyOf(subject))).then(
        (window) => window?.consumedPoints ?? 0,
      ),
    refund: (rule, subject) =>
      guarded(async () => {
        const limiter = limiterOf(rule);
        const key = keyOf(subject);
        // A window that is over is not opened again with a negative count.
        const window = await limiter.get(key);
        if (window && window.consumedPoints > 0) await limiter.reward(key, 1);
      }),
    count: (rule, subject) =>
      guarded(() => limiterOf(rule).get(keyOf(subject))).then(
        (window) => window?.consumedPoints ?? 0,
      ),
    reset: (rule, subject) =>
      guarded(() => limiterOf(rule).delete(keyOf(subject))).then(() => undefined),
  };
}
