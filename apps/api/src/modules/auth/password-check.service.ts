import type { Database } from '../../db/client.ts';
import type { SellerRow } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import type { ActivityService, RequestClient } from './activity.service.ts';
import type { SellerRepository } from './auth.repository.ts';
import { verifyPassword } from './password.ts';
import type { SignInThrottle } from './sign-in-throttle.ts';

/**
 * The password asked again of a signed-in seller before a change that protects or ends the
 * account: email change, deletion, turning two-factor sign-in off, password change
 * (docs/product-rules.md, "Password re-checks"). Each attempt goes through the sign-in's
 * throttle (429 with `Retry-After`), counted before the hash is compared; a wrong password stays
 * counted there and is written to the activity as `password_check_failed`. The hash is computed here, before the caller opens a
 * transaction: never while a row is locked.
 */
export function createPasswordCheckService(deps: {
  db: Database;
  sellers: Pick<SellerRepository, 'findById'>;
  throttle: Pick<SignInThrottle, 'beforePassword' | 'passwordMatched' | 'passwordAccepted'>;
  activity: Pick<ActivityService, 'record'>;
}) {
  const { db, sellers, throttle, activity } = deps;

  /** 400 `wrong_password` naming `field`, unless `password` is the seller's. */
  async function check(
    seller: SellerRow,
    password: string,
    client: RequestClient,
    field = 'password',
  ): Promise<void> {
    const account = (seller.email ?? '').toLowerCase();
    // Counted as a wrong password until it proves right.
    await throttle.beforePassword(account, client.ip);
    if (await verifyPassword(password, seller.passwordHash)) {
      await throttle.passwordMatched(account, client.ip);
      await throttle.passwordAccepted(account, client.ip);
      return;
    }
    await activity.record(db, seller.id, 'password_check_failed', client);
    throw new AppError('wrong_password', 'The password is not correct', [
      { path: field, code: 'wrongPassword' },
    ]);
  }

  return {
    check,

    /** Reads the signed-in seller and checks the password; answers the row it was checked on. */
    async confirm(
      sellerId: string,
      password: string,
      client: RequestClient,
      field = 'password',
    ): Promise<SellerRow> {
      const seller = await sellers.findById(sellerId);
      if (!seller) throw new AppError('unauthorized', 'Sign in to continue');
      await check(seller, password, client, field);
      return seller;
    },
  };
}

export type PasswordCheckService = ReturnType<typeof createPasswordCheckService>;
