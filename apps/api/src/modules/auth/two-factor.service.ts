import { createHash, randomBytes } from 'node:crypto';
import type { DataAccess, Database } from '../../db/client.ts';
import type { SellerRow } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import type { SecretBox } from '../../lib/secret-box.ts';
import type { AccountSecurityRepository } from './account-security.repository.ts';
import type { ActivityService, RequestClient } from './activity.service.ts';
import type { SellerRepository } from './auth.repository.ts';
import type { PasswordCheckService } from './password-check.service.ts';
import type { SignInThrottle } from './sign-in-throttle.ts';
import { base32Encode, matchTotp, newTotpSecret, otpauthUrl } from './totp.ts';
import { isTwoFactorOn } from './two-factor-state.ts';
import type { WaysIn } from './ways-in.ts';

export const recoveryCodeCount = 10;
export const challengeMinutes = 5;
export const challengeMaxTries = 5;
const issuer = 'Seller Center';

/** `ABCDE-FGHIJ`: 50 random bits, easy to copy from paper; compared without dashes or case. */
function newRecoveryCode(): string {
  const text = base32Encode(randomBytes(7)).slice(0, 10);
  return `${text.slice(0, 5)}-${text.slice(5)}`;
}

export const normaliseRecoveryCode = (code: string) => code.replace(/[\s-]/g, '').toUpperCase();
const hashRecoveryCode = (code: string) =>
  createHash('sha256').update(normaliseRecoveryCode(code)).digest('hex');
const hashChallenge = (challenge: string) => createHash('sha256').update(challenge).digest('hex');

const codeInvalid = (path = 'code') =>
  new AppError('two_factor_code_invalid', 'This code is not valid', [
    { path, code: 'twoFactorCodeInvalid' },
  ]);

const challengeInvalid = () =>
  new AppError(
    'two_factor_challenge_invalid',
    'This sign-in has expired or had too many tries. Sign in again.',
    [{ path: 'challenge', code: 'twoFactorChallengeInvalid' }],
  );

/** A code given was wrong (not merely missing). */
const isWrongCode = (error: unknown) =>
  error instanceof AppError &&
  error.code === 'two_factor_code_invalid' &&
  (error.details ?? []).some((issue) => issue.code === 'twoFactorCodeInvalid');

/**
 * Authenticator codes (TOTP) as a second factor, with ten one-time recovery codes. The secret
 * is sealed at rest; a code is accepted once (its time step is recorded), with one step of
 * clock drift either side.
 */
export function createTwoFactorService(deps: {
  db: Database;
  /** Runs work in one transaction (the database handle's). */
  transaction: DataAccess['transaction'];
  sellers: SellerRepository;
  security: AccountSecurityRepository;
  secrets: SecretBox;
  activity: Pick<ActivityService, 'record'>;
  passwordCheck: Pick<PasswordCheckService, 'check'>;
  /** Counts the codes a signed-in seller gives, with the sign-in's count of the address. */
  throttle: Pick<SignInThrottle, 'beforeSellerCode' | 'sellerCodeSettled'>;
  /** Ends the other ways into the account when two-factor sign-in is turned off. */
  waysIn: WaysIn;
  now?: () => Date;
}) {
  const { db, transaction, sellers, security, secrets, activity, passwordCheck, throttle } = deps;
  const { waysIn } = deps;
  const now = deps.now ?? (() => new Date());

  async function sellerOf(sellerId: string): Promise<SellerRow> {
    const seller = await sellers.findById(sellerId);
    if (!seller) throw new AppError('unauthorized', 'Sign in to continue');
    return seller;
  }

  /** Accepts a current code of the seller once, inside `executor`'s transaction. */
  async function acceptCode(executor: Database, seller: SellerRow, code: string, path = 'code') {
    if (!seller.totpSecret) throw codeInvalid(path);
    const step = matchTotp(secrets.open(seller.totpSecret), code.trim(), now().getTime());
    if (step === undefined) throw codeInvalid(path);
    if (!(await security.acceptTotpStep(executor, seller.id, step))) throw codeInvalid(path);
  }

  /**
   * Runs `work`, a change that checks a current code of a signed-in seller with two factors on.
   * The attempt is counted before, for the seller and for the client address (429
   * `rate_limited` with `Retry-After` past either); a wrong code stays counted and is written
   * to the activity (`two_factor_code_failed`) once `work`'s transaction has rolled back; any
   * other outcome gives the attempt back.
   */
  async function checkingCode<T>(
    seller: SellerRow,
    client: RequestClient,
    work: () => Promise<T>,
  ): Promise<T> {
    if (!isTwoFactorOn(seller)) return work();
    await throttle.beforeSellerCode(seller.id, client.ip);
    try {
      const result = await work();
      await throttle.sellerCodeSettled(seller.id, client.ip);
      return result;
    } catch (error) {
      if (isWrongCode(error)) {
        await activity.record(db, seller.id, 'two_factor_code_failed', client);
      } else {
        await throttle.sellerCodeSettled(seller.id, client.ip);
      }
      throw error;
    }
  }

  async function issueRecoveryCodes(executor: Database, sellerId: string): Promise<string[]> {
    const codes = Array.from({ length: recoveryCodeCount }, newRecoveryCode);
    await security.replaceRecoveryCodes(executor, sellerId, codes.map(hashRecoveryCode));
    return codes;
  }

  return {
    async setup(sellerId: string): Promise<{ secret: string; otpauthUrl: string }> {
      const seller = await sellerOf(sellerId);
      if (isTwoFactorOn(seller)) {
        throw new AppError('two_factor_already_enabled', 'Two-factor authentication is already on');
      }
      const secret = newTotpSecret();
      if (!(await security.setPendingTotpSecret(sellerId, secrets.seal(secret)))) {
        throw new AppError('two_factor_already_enabled', 'Two-factor authentication is already on');
      }
      return { secret, otpauthUrl: otpauthUrl(secret, seller.email ?? '', issuer) };
    },

    async enable(sellerId: string, code: string, client?: RequestClient): Promise<string[]> {
      const seller = await sellerOf(sellerId);
      if (isTwoFactorOn(seller)) {
        throw new AppError('two_factor_already_enabled', 'Two-factor authentication is already on');
      }
      if (!seller.totpSecret) {
        throw new AppError('two_factor_not_enabled', 'Start the setup first');
      }
      return transaction(async (tx) => {
        await acceptCode(tx, seller, code);
        await security.enableTotp(tx, sellerId, now());
        await activity.record(tx, sellerId, 'two_factor_enabled', client);
        return issueRecoveryCodes(tx, sellerId);
      });
    },

    /**
     * Turns two factors off with the password and a current code. What protected the account
     * changes, so every other way in ends: the other sessions (the one making the call carries
     * on), pending email-change and password-reset links, and sign-ins waiting for a code.
     */
    async disable(
      sellerId: string,
      password: string,
      code: string,
      current: { sessionId: string | undefined; client: RequestClient },
    ): Promise<void> {
      const { client } = current;
      const seller = await sellerOf(sellerId);
      if (!isTwoFactorOn(seller)) {
        throw new AppError('two_factor_not_enabled', 'Two-factor authentication is off');
      }
      await passwordCheck.check(seller, password, client);
      await checkingCode(seller, client, () =>
        transaction(async (tx) => {
          await acceptCode(tx, seller, code);
          await security.disableTotp(tx, sellerId);
          await waysIn.endOthers(tx, sellerId, current.sessionId);
          await activity.record(tx, sellerId, 'two_factor_disabled', client);
        }),
      );
      // The sessions ended are committed only now: a copy cached meanwhile must not outlive it.
      sellers.forgetTokenVersion(sellerId);
    },

    /** New recovery codes replace the old ones; written to the activity. */
    async regenerateRecoveryCodes(
      sellerId: string,
      code: string,
      client: RequestClient,
    ): Promise<string[]> {
      const seller = await sellerOf(sellerId);
      if (!isTwoFactorOn(seller)) {
        throw new AppError('two_factor_not_enabled', 'Two-factor authentication is off');
      }
      return checkingCode(seller, client, () =>
        transaction(async (tx) => {
          await acceptCode(tx, seller, code);
          await activity.record(tx, sellerId, 'recovery_codes_regenerated', client);
          return issueRecoveryCodes(tx, sellerId);
        }),
      );
    },

    /**
     * Ends the second factor of an account being deleted, in `executor`'s transaction: the
     * secret, the recovery codes and the sign-ins waiting for a code go. No activity is written
     * (the activity goes with the account).
     */
    async removeAll(executor: Database, sellerId: string): Promise<void> {
      await security.disableTotp(executor, sellerId);
      await security.removeChallenges(executor, sellerId);
    },

    /**
     * The second factor of a change that asks for it again (email change, deletion), once the
     * password was checked: nothing when two factors are off; otherwise a current code (400
     * `two_factor_code_invalid`), used up inside `executor`'s transaction. That transaction runs
     * in `checkingCode`, which counts the attempt and records a wrong code.
     */
    async acceptSecondFactor(
      executor: Database,
      seller: SellerRow,
      code: string | undefined,
    ): Promise<void> {
      if (!isTwoFactorOn(seller)) return;
      if (!code) {
        throw new AppError('two_factor_code_invalid', 'A code is required', [
          { path: 'code', code: 'twoFactorCodeRequired' },
        ]);
      }
      await acceptCode(executor, seller, code);
    },

    checkingCode,

    /** After the right password of a seller with two factors on: the challenge of step two. */
    async startChallenge(sellerId: string): Promise<string> {
      const challenge = randomBytes(32).toString('base64url');
      const expiresAt = new Date(now().getTime() + challengeMinutes * 60_000);
      await security.createChallenge(sellerId, hashChallenge(challenge), expiresAt);
      return challenge;
    },

    /**
     * The second step: a current code or an unused recovery code for an open challenge. Each
     * try counts, wrong or not; answers the seller once the challenge is passed.
     */
    async passChallenge(
      challenge: string,
      proof: { code: string } | { recoveryCode: string },
    ): Promise<SellerRow> {
      // The try is counted (committed) before the proof is checked, so wrong codes add up.
      const open = await transaction((tx) =>
        security.tryChallenge(tx, hashChallenge(challenge), now(), challengeMaxTries),
      );
      if (!open || !isTwoFactorOn(open.seller)) throw challengeInvalid();
      await transaction(async (tx) => {
        if ('code' in proof) {
          await acceptCode(tx, open.seller, proof.code);
        } else {
          const used = await security.useRecoveryCode(
            tx,
            open.seller.id,
            hashRecoveryCode(proof.recoveryCode),
          );
          if (!used) throw codeInvalid('recoveryCode');
        }
        // Ended meanwhile (a password changed or reset, two factors turned off): no sign-in.
        if (!(await security.consumeChallenge(tx, open.challenge.id, now()))) {
          throw challengeInvalid();
        }
      });
      return open.seller;
    },

    /** Whose sign-in a challenge is: a wrong code is shown in that seller's activity. */
    challengeOwner: (challenge: string) => security.challengeOwner(hashChallenge(challenge)),

    /** The recovery codes still unused (shown on the security card). */
    unusedRecoveryCodes: (sellerId: string) => security.unusedRecoveryCodes(sellerId),
  };
}

export type TwoFactorService = ReturnType<typeof createTwoFactorService>;
