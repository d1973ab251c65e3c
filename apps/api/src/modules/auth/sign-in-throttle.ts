import type { RateLimiter, RateLimitRule } from '../../lib/rate-limiter.ts';

/**
 * How failed sign-ins are limited. A stranger must not be able to lock the owner out: the
 * counts that refuse (429) are per client address, and per account *and* address together;
 * the account's count over every address only slows its answers down, more as it grows.
 */
export interface LoginLimits {
  /**
   * Failed attempts at one account from one address (429 past it); also the wrong codes a
   * signed-in seller may give, from every address.
   */
  perPair: number;
  /** Failed attempts from one address, whatever the account (429 past it). */
  perIp: number;
  /** Failed attempts at one account from every address: past it, answers slow down. */
  accountCeiling: number;
  /** The window of every count. */
  windowSeconds: number;
}

export interface LoginThrottle {
  limiter: RateLimiter;
  limits: LoginLimits;
}

function loginRules({ perPair, perIp, windowSeconds, accountCeiling }: LoginLimits) {
  return {
    perPair: { name: 'login-pair', max: perPair, windowSeconds },
    perIp: { name: 'login-ip', max: perIp, windowSeconds },
    perAccount: { name: 'login-account', max: accountCeiling, windowSeconds },
    perSellerCode: { name: 'two-factor-seller', max: perPair, windowSeconds },
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
 * `Retry-After`) or slowed down by the same rules. An attempt is counted before its password is
 * checked and given back once the password proves right, so that guesses sent all at once are
 * refused past the limits as surely as guesses sent one after another. `account` is the
 * account's email in lower case (what a sign-in names).
 */
export function createSignInThrottle(
  throttle: LoginThrottle,
  sleep: (ms: number) => Promise<void> = (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
) {
  const { limiter } = throttle;
  const { perPair, perIp, perAccount, perSellerCode } = loginRules(throttle.limits);
  const pairOf = (account: string, ip: string) => `${account}\n${ip}`;

  /**
   * Counts an attempt for the address and for `rule`'s subject: 429 when either goes over. An
   * attempt refused by the second count is given back to the address.
   */
  async function countAttempt(ip: string, rule: RateLimitRule, subject: string): Promise<void> {
    await limiter.consume(perIp, ip);
    try {
      await limiter.consume(rule, subject);
    } catch (error) {
      await limiter.refund(perIp, ip);
      throw error;
    }
  }

  return {
    /**
     * Before a password is checked, the attempt counts as a failure: 429 when the address, or
     * the account from this address, goes over its count; a wait when the account's earlier
     * failures from every address are over its ceiling.
     */
    async beforePassword(account: string, ip: string): Promise<void> {
      await countAttempt(ip, perPair, pairOf(account, ip));
      const earlier = (await limiter.record(perAccount, account)) - 1;
      const slowdown = accountSlowdownMs(earlier, perAccount.max);
      if (slowdown > 0) await sleep(slowdown);
    },

    /** The right password: the attempt counted before it was checked is given back. */
    async passwordMatched(account: string, ip: string): Promise<void> {
      await Promise.all([
        limiter.refund(perIp, ip),
        limiter.refund(perPair, pairOf(account, ip)),
        limiter.refund(perAccount, account),
      ]);
    },

    /** A sign-in or a re-check passed: the pair's failures are forgotten. */
    async passwordAccepted(account: string, ip: string): Promise<void> {
      await limiter.reset(perPair, pairOf(account, ip));
    },

    /** The account's failures over every address in the current window. */
    accountFailures: (account: string) => limiter.count(perAccount, account),

    /** Before a sign-in code is checked: 429 when the address is over its count. */
    beforeCode: (ip: string) => limiter.assertAllowed(perIp, ip),

    /** A wrong sign-in code counts for the address. */
    codeFailed: (ip: string) => limiter.record(perIp, ip).then(() => undefined),

    /**
     * Before a signed-in seller's authenticator code is checked (turning two-factor sign-in off,
     * new recovery codes, email change, deletion), the attempt counts as a failure for the
     * seller and for the address (the count of the sign-in's): 429 past either.
     */
    beforeSellerCode: (sellerId: string, ip: string) => countAttempt(ip, perSellerCode, sellerId),

    /** The code was not wrong: the attempt counted before it was checked is given back. */
    async sellerCodeSettled(sellerId: string, ip: string): Promise<void> {
      await Promise.all([limiter.refund(perIp, ip), limiter.refund(perSellerCode, sellerId)]);
    },
  };
}

export type SignInThrottle = ReturnType<typeof createSignInThrottle>;
