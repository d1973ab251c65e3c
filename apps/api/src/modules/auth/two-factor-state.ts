import { sql } from 'drizzle-orm';
import { type SellerRow, sellers } from '../../db/schema.ts';

/**
 * Whether sign-in asks for a second factor: the authenticator secret is set *and* its setup was
 * confirmed with a code. A secret alone is a setup that was started and never finished.
 */
export const isTwoFactorOn = (seller: Pick<SellerRow, 'totpEnabledAt' | 'totpSecret'>) =>
  seller.totpEnabledAt !== null && seller.totpSecret !== null;

/** The same rule in SQL, for reads that answer it without loading the secret (the profile). */
export const twoFactorOnColumn = sql`(${sellers.totpEnabledAt} is not null and ${sellers.totpSecret} is not null)`;
