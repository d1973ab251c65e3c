import type { PasswordHashCost } from '../modules/auth/password.ts';

/**
 * Password hashes made by the tests' apps: scrypt with N=2^10 and p=1 (about a millisecond
 * instead of a hundred). Sign-ups and sign-ins are the bulk of the suites' work otherwise, and
 * no test depends on the cost; `password.test.ts` checks the production one.
 */
export const testPasswordHashCost: PasswordHashCost = { logN: 10, r: 8, p: 1 };
