import type { RateLimiter, RateLimitRule } from '../../lib/rate-limiter.ts';

/**
 * How failed sign-ins are limited. A stranger must not be able to lock the owner out: the
 * counts that refuse (429) are per client address, and per account *and* address together;
 * the account's count over every address only slows its answers down, more as it grows.
 */
export interface LoginLimits {
  /** Failed attempts at one account from one address (429 past it). */
  perPair: number;
  /** Failed attempts from one address, whatever the account (429 past it). */
  perIp: number;
  /** Failed attempts at one account from every address: past it, answers slow down. */
  accountCeiling: number;
  /** The window of all three counts. */
  windowSeconds: number;
}

export interface LoginThrottle {
  limiter: RateLimiter;
  limits: LoginLimits;
}

function loginRules({ perPair, perIp, accountCeiling, windowSeconds }: LoginLimits) {
  return {
    perPair: { name: 'login-pair', max: perPair, windowSeconds },
    perIp: { name: 'login-ip', max: perIp, windowSeconds },
    perAccount: { name: 'login-account', max: accountCeiling, windowSeconds },
  } satisfies Record<string, RateLimitRule>;
}

/** The slowdown of an account's sign-ins after `failures` failures over its ceiling. */
export function accountSlowdownMs(failures: number, ceiling: number): number {
  if (failures <= ceiling) return 0;
  return Math.min(10_000, (failures - ceiling) * 250);
}

/**
 * The one count of password guesses, shared by the sign-in and by every step that asks a
 * signed-in seller for the password again (email change, deletion, turning two-factor sign-in
 * off, password change): a guess is a guess wherever it is made, so each wrong password counts
 * against the account and the client address alike, and each attempt is refused (429 with
 * `Retry-After`) or slowed down by the same rules. `account` is the account's email in lower
 * case (what a sign-in names).
 */
export function createSignInThrottle(
  throttle: LoginThrottle,
  sleep: (ms: number) => Promise<void> = (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
) {
  const { limiter } = throttle;
  const { perPair, perIp, perAccount } = loginRules(throttle.limits);
  const pairOf = (account: string, ip: string) => `${account}\n${ip}`;

  return {
    /**
     * Before a password is checked: 429 when the address, or the account from this address,
     * is over its count; a wait when the account is over its ceiling from every address.
     */
    async beforePassword(account: string, ip: string): Promise<void> {
      await limiter.assertAllowed(perIp, ip);
      await limiter.assertAllowed(perPair, pairOf(account, ip));
      const slowdown = accountSlowdownMs(await limiter.count(perAccount, account), perAccount.max);
      if (slowdown > 0) await sleep(slowdown);
    },

    /** A wrong password (or an unknown account at sign-in): it counts everywhere. */
    async passwordFailed(account: string, ip: string): Promise<void> {
      await Promise.all([
        limiter.record(perIp, ip),
        limiter.record(perPair, pairOf(account, ip)),
        limiter.record(perAccount, account),
      ]);
    },

    /** The right password: the pair's failures are forgotten. */
    async passwordAccepted(account: string, ip: string): Promise<void> {
      await limiter.reset(perPair, pairOf(account, ip));
    },

    /** The account's failures over every address in the current window. */
    accountFailures: (account: string) => limiter.count(perAccount, account),

    /** Before a sign-in code is checked: 429 when the address is over its count. */
    beforeCode: (ip: string) => limiter.assertAllowed(perIp, ip),

    /** A wrong sign-in code counts for the address. */
    codeFailed: (ip: string) => limiter.record(perIp, ip),
  };
}

export type SignInThrottle = ReturnType<typeof createSignInThrottle>;
