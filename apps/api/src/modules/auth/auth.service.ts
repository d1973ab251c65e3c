import type { ChangePasswordBody } from '@seller/contract/auth/change-password';
import type { Profile } from '@seller/contract/auth/get-profile';
import type { LoginBody } from '@seller/contract/auth/login';
import type { SignupBody } from '@seller/contract/auth/signup';
import type { updateProfileBodySchema } from '@seller/contract/auth/update-profile';
import type { z } from 'zod';
import type { Database } from '../../db/client.ts';
import type { SellerRow } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { uniqueViolation } from '../../lib/database-errors.ts';
import type { RateLimiter, RateLimitRule } from '../../lib/rate-limiter.ts';
import type { SellerRepository } from './auth.repository.ts';
import { isCommonPassword } from './common-passwords.ts';
import { decoyPasswordHash, hashPassword, verifyPassword } from './password.ts';
import type { TokenService } from './tokens.ts';

const invalidCredentials = () => new AppError('invalid_credentials', 'Invalid email or password');
const sellerGone = () => new AppError('unauthorized', 'Sign in to continue');

function conflictFor(constraint: string): AppError {
  return constraint.includes('nickname')
    ? new AppError('nickname_taken', 'This nickname is already in use')
    : new AppError('email_taken', 'This email is already registered');
}

export function toProfile(row: SellerRow): Profile {
  return {
    email: row.email,
    nickname: row.nickname,
    bio: row.bio,
    avatarUrl: row.avatarUrl,
    createdAt: row.createdAt.toISOString(),
  };
}

export interface LoginThrottle {
  limiter: RateLimiter;
  perAccount: RateLimitRule;
  perIp: RateLimitRule;
}

export function createAuthService(deps: {
  sellers: SellerRepository;
  tokens: TokenService;
  loginThrottle: LoginThrottle;
}) {
  const { sellers, tokens, loginThrottle } = deps;

  const issueToken = (sellerId: string, tokenVersion: number) =>
    tokens.issue({ sellerId, tokenVersion });

  return {
    async signup(input: SignupBody): Promise<string> {
      const email = input.email.toLowerCase();
      if (isCommonPassword(input.password, [email, email.split('@')[0] ?? '', input.nickname])) {
        throw new AppError('password_too_common', 'This password is too common', [
          { path: 'password', code: 'passwordTooCommon' },
        ]);
      }
      if (await sellers.findByEmail(email)) throw conflictFor('email');
      if (await sellers.findByNickname(input.nickname)) throw conflictFor('nickname');
      const passwordHash = await hashPassword(input.password);
      try {
        const row = await sellers.insert({ email, nickname: input.nickname, passwordHash });
        return issueToken(row.id, row.tokenVersion);
      } catch (error) {
        const constraint = uniqueViolation(error);
        if (constraint) throw conflictFor(constraint);
        throw error;
      }
    },

    /**
     * Failed logins are counted per account and per client address; once either is over its
     * limit, even the right password is refused until the window ends.
     */
    async login(input: LoginBody, client: { ip: string }): Promise<string> {
      const { limiter, perAccount, perIp } = loginThrottle;
      const account = input.email.toLowerCase();
      await limiter.assertAllowed(perIp, client.ip);
      await limiter.assertAllowed(perAccount, account);
      const row = await sellers.findByEmail(account);
      const matches = row
        ? await verifyPassword(input.password, row.passwordHash)
        : await verifyPassword(input.password, await decoyPasswordHash()).then(() => false);
      if (!row || !matches) {
        await Promise.all([limiter.record(perIp, client.ip), limiter.record(perAccount, account)]);
        throw invalidCredentials();
      }
      await limiter.reset(perAccount, account);
      return issueToken(row.id, row.tokenVersion);
    },

    async profile(sellerId: string): Promise<Profile> {
      const row = await sellers.findById(sellerId);
      if (!row) throw sellerGone();
      return toProfile(row);
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

    async changePassword(sellerId: string, input: ChangePasswordBody): Promise<string> {
      const row = await sellers.findById(sellerId);
      if (!row) throw sellerGone();
      if (!(await verifyPassword(input.currentPassword, row.passwordHash))) {
        throw new AppError('wrong_password', 'The current password is not correct', [
          { path: 'currentPassword', code: 'wrongPassword' },
        ]);
      }
      if (isCommonPassword(input.newPassword, [row.email, row.nickname ?? ''])) {
        throw new AppError('password_too_common', 'This password is too common', [
          { path: 'newPassword', code: 'passwordTooCommon' },
        ]);
      }
      const version = await sellers.setPasswordAndRevoke(
        sellerId,
        await hashPassword(input.newPassword),
      );
      if (version === undefined) throw sellerGone();
      return issueToken(sellerId, version);
    },

    async logout(sellerId: string): Promise<void> {
      await sellers.revokeTokens(sellerId);
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
