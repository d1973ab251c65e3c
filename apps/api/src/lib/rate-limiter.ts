import { createHash } from 'node:crypto';
import { AppError } from './app-error.ts';
import type { RateLimitStore } from './rate-limit-store.ts';

export interface RateLimitRule {
  name: string;
  max: number;
  windowSeconds: number;
}

export interface RateLimiter {
  /** Counts one attempt and refuses it (429) when it goes over the rule. */
  consume(rule: RateLimitRule, subject: string): Promise<void>;
  /** Refuses (429) when the subject is already over the rule, without counting. */
  assertAllowed(rule: RateLimitRule, subject: string): Promise<void>;
  /** Counts a failure without refusing the current request. */
  record(rule: RateLimitRule, subject: string): Promise<void>;
  /** The count of the subject's current window (0 when none, or the store is unavailable). */
  count(rule: RateLimitRule, subject: string): Promise<number>;
  reset(rule: RateLimitRule, subject: string): Promise<void>;
}

export type LogWarning = (message: string, error: unknown) => void;

function tooMany(resetInMs: number): AppError {
  return new AppError('rate_limited', 'Too many attempts. Try again later.', undefined, {
    retryAfterSeconds: Math.max(1, Math.ceil(resetInMs / 1000)),
  });
}

/**
 * Limits built on a counter store. Subjects (emails, addresses) are hashed so the store holds
 * no personal data. When the store is unreachable the request goes through and a warning is
 * logged: an outage of Redis must not lock every seller out.
 */
export function createRateLimiter(store: RateLimitStore, warn: LogWarning): RateLimiter {
  const keyOf = (rule: RateLimitRule, subject: string) =>
    `${rule.name}:${createHash('sha256').update(subject).digest('base64url').slice(0, 22)}`;
  const guarded = async <T>(work: () => Promise<T>): Promise<T | undefined> => {
    try {
      return await work();
    } catch (error) {
      if (error instanceof AppError) throw error;
      warn('rate limit store unavailable; request allowed', error);
      return undefined;
    }
  };
  return {
    consume: (rule, subject) =>
      guarded(async () => {
        const window = await store.increment(keyOf(rule, subject), rule.windowSeconds * 1000);
        if (window.count > rule.max) throw tooMany(window.resetInMs);
      }).then(() => undefined),
    assertAllowed: (rule, subject) =>
      guarded(async () => {
        const window = await store.get(keyOf(rule, subject));
        if (window && window.count >= rule.max) throw tooMany(window.resetInMs);
      }).then(() => undefined),
    record: (rule, subject) =>
      guarded(() => store.increment(keyOf(rule, subject), rule.windowSeconds * 1000)).then(
        () => undefined,
      ),
    count: (rule, subject) =>
      guarded(() => store.get(keyOf(rule, subject))).then((window) => window?.count ?? 0),
    reset: (rule, subject) =>
      guarded(() => store.reset(keyOf(rule, subject))).then(() => undefined),
  };
}
