import type { ChangePasswordBody } from '@seller/contract/auth/change-password';
import type { LoginTwoFactorBody } from '@seller/contract/auth/complete-two-factor-login';
import type { Profile } from '@seller/contract/auth/get-profile';
import type { LoginBody, LoginResponse } from '@seller/contract/auth/login';
import type { SignupBody } from '@seller/contract/auth/signup';
import type { updateProfileBodySchema } from '@seller/contract/auth/update-profile';
import { type Language, languageOf } from '@seller/contract/languages';
import type { z } from 'zod';
import type { DataAccess, Database } from '../../db/client.ts';
import type { SellerRow } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { uniqueViolation } from '../../lib/database-errors.ts';
import type { MailService } from '../mail/mail.service.ts';
import type { AccountSecurityRepository } from './account-security.repository.ts';
import type { ActivityService, RequestClient } from './activity.service.ts';
import type { SellerRepository } from './auth.repository.ts';
import { isCommonPassword } from './common-passwords.ts';
import {
  decoyPasswordHash,
  hashPassword,
  type PasswordHashCost,
  passwordHashCost,
  verifyPassword,
} from './password.ts';
import type { PasswordCheckService } from './password-check.service.ts';
import type { SessionService } from './sessions.service.ts';
import type { SignInThrottle } from './sign-in-throttle.ts';
import type { TokenService } from './tokens.ts';
import type { TwoFactorService } from './two-factor.service.ts';
import { isTwoFactorOn } from './two-factor-state.ts';
import type { WaysIn } from './ways-in.ts';

const invalidCredentials = () => new AppError('invalid_credentials', 'Invalid email or password');
const sellerGone = () => new AppError('unauthorized', 'Sign in to continue');

function conflictFor(constraint: string): AppError {
  return constraint.includes('nickname')
    ? new AppError('nickname_taken', 'This nickname is already in use')
    : new AppError('email_taken', 'This email is already registered');
}

export function toProfile(row: SellerRow): Profile {
  return {
    email: row.email ?? '',
    nickname: row.nickname,
    bio: row.bio,
    avatarUrl: row.avatarUrl,
    createdAt: row.createdAt.toISOString(),
    twoFactorEnabled: isTwoFactorOn(row),
  };
}

export type SignInClient = RequestClient;

/** The session a request was made with: its id is absent for tokens from before sessions. */
export interface CurrentSession {
  sessionId: string | undefined;
  client: RequestClient;
}

export function createAuthService(deps: {
  db: Database;
  /** Runs work in one transaction (the database handle's). */
  transaction: DataAccess['transaction'];
  sellers: SellerRepository;
  tokens: TokenService;
  /** The count of password guesses, shared with every password re-check. */
  signInThrottle: SignInThrottle;
  passwordCheck: Pick<PasswordCheckService, 'check'>;
  /** Ends the other ways into the account when the password changes. */
  waysIn: WaysIn;
  twoFactor: TwoFactorService;
  security: AccountSecurityRepository;
  mail: MailService;
  sessions: Pick<SessionService, 'open' | 'renew' | 'endAll'>;
  activity: Pick<ActivityService, 'record'>;
  now?: () => Date;
  /** The cost of new password hashes (the production one unless tests make it cheaper). */
  hashCost?: PasswordHashCost;
}) {
  const {
    db,
    transaction,
    sellers,
    tokens,
    signInThrottle: throttle,
    passwordCheck,
    waysIn,
    twoFactor,
    security,
    mail,
    sessions,
    activity,
  } = deps;
  const now = deps.now ?? (() => new Date());
  const hashCost = deps.hashCost ?? passwordHashCost;

  const issueToken = (sellerId: string, tokenVersion: number, sessionId: string) =>
    tokens.issue({ sellerId, tokenVersion, sessionId });

  /** A new session and its `login` event, in `executor`'s transaction; answers its id. */
  async function openSession(executor: Database, sellerId: string, client: SignInClient) {
    const sessionId = await sessions.open(executor, sellerId, client);
    await activity.record(executor, sellerId, 'login', client);
    return sessionId;
  }

  /**
   * A completed sign-in: the address is remembered, and when the account had failed attempts
   * and the address is new, the owner is told (at most once a day).
   */
  async function signedIn(seller: SellerRow, client: SignInClient): Promise<string> {
    const account = (seller.email ?? '').toLowerCase();
    await throttle.passwordAccepted(account, client.ip);
    const failures = await throttle.accountFailures(account);
    const known = await security.rememberAddress(seller.id, client.ip, now());
    if (!known && failures > 0) {
      const at = now();
      await mail.enqueue(
        db,
        {
          template: 'newSignIn',
          sellerId: seller.id,
          at: at.toISOString(),
          address: client.ip,
          failedAttempts: failures,
        },
        `new-sign-in:${seller.id}:${at.toISOString().slice(0, 10)}`,
      );
      mail.sendSoon();
    }
    const sessionId = await transaction((tx) => openSession(tx, seller.id, client));
    return issueToken(seller.id, seller.tokenVersion, sessionId);
  }

  return {
    async signup(
      input: SignupBody,
      client: SignInClient & { language: string | undefined },
    ): Promise<string> {
      const email = input.email.toLowerCase();
      if (isCommonPassword(input.password, [email, email.split('@')[0] ?? '', input.nickname])) {
        throw new AppError('password_too_common', 'This password is too common', [
          { path: 'password', code: 'passwordTooCommon' },
        ]);
      }
      if (await sellers.findByEmail(email)) throw conflictFor('email');
      if (await sellers.findByNickname(input.nickname)) throw conflictFor('nickname');
      const passwordHash = await hashPassword(input.password, hashCost);
      try {
        // The signup is the account's first sign-in: it opens a session like any other.
        const { row, sessionId } = await transaction(async (tx) => {
          const row = await sellers.insert(
            {
              email,
              nickname: input.nickname,
              passwordHash,
              language: languageOf(client.language) ?? null,
            },
            tx,
          );
          return { row, sessionId: await openSession(tx, row.id, client) };
        });
        return issueToken(row.id, row.tokenVersion, sessionId);
      } catch (error) {
        const constraint = uniqueViolation(error);
        if (constraint) throw conflictFor(constraint);
        throw error;
      }
    },

    /**
     * The password step. The answer is a token, or for a seller with two factors on the
     * challenge of the code step. Wrong pairs are refused alike, whichever part was wrong.
     */
    async login(input: LoginBody, client: SignInClient): Promise<LoginResponse> {
      const account = input.email.toLowerCase();
      // The attempt counts as a failure before the (slow) hash is compared, so that guesses
      // sent at once cannot all pass the limits; a right password gives it back.
      await throttle.beforePassword(account, client.ip);
      const row = await sellers.findByEmail(account);
      const matches = row
        ? await verifyPassword(input.password, row.passwordHash)
        : await verifyPassword(input.password, await decoyPasswordHash(hashCost)).then(() => false);
      if (!row || !matches) {
        // Only an existing account has an activity to show the attempt in.
        if (row) await activity.record(db, row.id, 'login_failed', client);
        throw invalidCredentials();
      }
      await throttle.passwordMatched(account, client.ip);
      if (isTwoFactorOn(row)) {
        return { twoFactorRequired: true, challenge: await twoFactor.startChallenge(row.id) };
      }
      return { token: await signedIn(row, client) };
    },

    /** The code step: a wrong code counts like a wrong password for the address. */
    async loginWithCode(input: LoginTwoFactorBody, client: SignInClient): Promise<string> {
      await throttle.beforeCode(client.ip);
      try {
        const seller = await twoFactor.passChallenge(
          input.challenge,
          'code' in input ? { code: input.code } : { recoveryCode: input.recoveryCode },
        );
        return await signedIn(seller, client);
      } catch (error) {
        if (error instanceof AppError && error.code === 'two_factor_code_invalid') {
          await throttle.codeFailed(client.ip);
          const sellerId = await twoFactor.challengeOwner(input.challenge);
          if (sellerId) await activity.record(db, sellerId, 'login_failed', client);
        }
        throw error;
      }
    },

    async profile(sellerId: string): Promise<Profile> {
      const profile = await sellers.profile(sellerId);
      if (!profile) throw sellerGone();
      return profile;
    },

    async updateProfile(
      sellerId: string,
      input: z.output<typeof updateProfileBodySchema>,
    ): Promise<Profile> {
      if (input.nickname) {
        const owner = await sellers.findByNickname(input.nickname);
        if (owner && owner.id !== sellerId) throw conflictFor('nickname');
      }
      try {
        const row = await sellers.updateProfile(sellerId, input);
        if (!row) throw sellerGone();
        return toProfile(row);
      } catch (error) {
        const constraint = uniqueViolation(error);
        if (constraint) throw conflictFor(constraint);
        throw error;
      }
    },

    /**
     * Every other session is signed out, and every pending email-change link, password-reset
     * link and sign-in waiting for its code ends; the one that made the change carries on with the new token (a token from before sessions gets a
     * session of its own). The current password is checked as every re-check is.
     */
    async changePassword(
      sellerId: string,
      input: ChangePasswordBody,
      current: CurrentSession,
    ): Promise<string> {
      const row = await sellers.findById(sellerId);
      if (!row) throw sellerGone();
      await passwordCheck.check(row, input.currentPassword, current.client, 'currentPassword');
      if (isCommonPassword(input.newPassword, [row.email ?? '', row.nickname ?? ''])) {
        throw new AppError('password_too_common', 'This password is too common', [
          { path: 'newPassword', code: 'passwordTooCommon' },
        ]);
      }
      const passwordHash = await hashPassword(input.newPassword, hashCost);
      const { version, sessionId } = await transaction(async (tx) => {
        const next = await sellers.setPasswordAndRevoke(sellerId, passwordHash, tx);
        if (next === undefined) throw sellerGone();
        // A link asked for by whoever knew the old password moves the account no more, a reset
        // link mailed before resets nothing, and a sign-in begun with the old password waits
        // for its code in vain.
        await waysIn.endOthers(tx, sellerId, current.sessionId);
        // The session carries on with a new token, and now expires with that one.
        if (current.sessionId) await sessions.renew(tx, sellerId, current.sessionId);
        const sessionId = current.sessionId ?? (await sessions.open(tx, sellerId, current.client));
        await activity.record(tx, sellerId, 'password_changed', current.client);
        await mail.enqueue(
          tx,
          { template: 'passwordChanged', sellerId, at: now().toISOString() },
          `password-changed:${sellerId}:${next}`,
        );
        return { version: next, sessionId };
      });
      sellers.forgetTokenVersion(sellerId);
      mail.sendSoon();
      return issueToken(sellerId, version, sessionId);
    },

    async setLanguage(sellerId: string, language: Language): Promise<void> {
      await sellers.setLanguage(sellerId, language);
    },

    /** Signs out every session of the seller: every token issued so far stops working. */
    async logout(sellerId: string): Promise<void> {
      await transaction(async (tx) => {
        await sellers.revokeTokens(sellerId, tx);
        await sessions.endAll(tx, sellerId);
      });
      // The revocation is committed only now: a copy cached meanwhile must not outlive it.
      sellers.forgetTokenVersion(sellerId);
    },

    /** Sets the avatar's URL inside the caller's transaction (the one that claims its upload). */
    async setAvatar(tx: Database, sellerId: string, avatarUrl: string): Promise<Profile> {
      const row = await sellers.setAvatar(sellerId, avatarUrl, tx);
      if (!row) throw sellerGone();
      return toProfile(row);
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;

/**
 * What `npm run seed:demo` does to its seller: dates the signup back, so that the demo shows
 * sales after the introductory commission. The seller's id, or undefined when none has the email.
 */
export async function backdateSignup(
  sellers: SellerRepository,
  email: string,
  signedUpAt: Date,
): Promise<string | undefined> {
  return sellers.setCreatedAt(email, signedUpAt);
}
