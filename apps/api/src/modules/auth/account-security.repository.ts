import { and, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import {
  loginChallenges,
  passwordResetTokens,
  recoveryCodes,
  type SellerRow,
  sellerSignInAddresses,
  sellers,
} from '../../db/schema.ts';

export type LoginChallengeRow = typeof loginChallenges.$inferSelect;

/**
 * The tables behind password resets, the second factor and sign-in notices. Methods that take
 * an executor run inside the caller's transaction.
 */
export function createAccountSecurityRepository(db: Database) {
  return {
    // --- password reset links -------------------------------------------------------------

    /** Ends the seller's open links and records a new one (a newer request replaces older). */
    async replaceResetToken(
      executor: Database,
      sellerId: string,
      tokenHash: string,
      expiresAt: Date,
    ): Promise<void> {
      await executor
        .update(passwordResetTokens)
        .set({ endedAt: new Date() })
        .where(
          and(eq(passwordResetTokens.sellerId, sellerId), isNull(passwordResetTokens.endedAt)),
        );
      await executor.insert(passwordResetTokens).values({ sellerId, tokenHash, expiresAt });
    },

    /** Whose link this hash is, while it is still valid (read only: the link stays as it is). */
    async resetTokenOwner(tokenHash: string, now: Date): Promise<string | undefined> {
      const [row] = await db
        .select({ sellerId: passwordResetTokens.sellerId })
        .from(passwordResetTokens)
        .where(
          and(
            eq(passwordResetTokens.tokenHash, tokenHash),
            isNull(passwordResetTokens.endedAt),
            gt(passwordResetTokens.expiresAt, now),
          ),
        )
        .limit(1);
      return row?.sellerId;
    },

    /**
     * Ends the link with this hash if it is still valid, and answers whose it was; a used,
     * replaced or expired link answers nothing. Two resets racing for one link: one wins.
     */
    async consumeResetToken(
      executor: Database,
      tokenHash: string,
      now: Date,
    ): Promise<string | undefined> {
      const [row] = await executor
        .update(passwordResetTokens)
        .set({ endedAt: now })
        .where(
          and(
            eq(passwordResetTokens.tokenHash, tokenHash),
            isNull(passwordResetTokens.endedAt),
            gt(passwordResetTokens.expiresAt, now),
          ),
        )
        .returning({ sellerId: passwordResetTokens.sellerId });
      return row?.sellerId;
    },

    async endResetTokens(executor: Database, sellerId: string): Promise<void> {
      await executor
        .update(passwordResetTokens)
        .set({ endedAt: new Date() })
        .where(
          and(eq(passwordResetTokens.sellerId, sellerId), isNull(passwordResetTokens.endedAt)),
        );
    },

    // --- the authenticator ----------------------------------------------------------------

    /** A new secret waiting for its first code; a seller with two factors on keeps theirs. */
    async setPendingTotpSecret(sellerId: string, sealedSecret: string): Promise<boolean> {
      const rows = await db
        .update(sellers)
        .set({ totpSecret: sealedSecret, totpLastStep: null, updatedAt: new Date() })
        .where(and(eq(sellers.id, sellerId), isNull(sellers.totpEnabledAt)))
        .returning({ id: sellers.id });
      return rows.length > 0;
    },

    /**
     * Records that the code of `step` was accepted, unless a code of this step or a later one
     * already was (a code is good once, even when two requests race with it).
     */
    async acceptTotpStep(executor: Database, sellerId: string, step: number): Promise<boolean> {
      const rows = await executor
        .update(sellers)
        .set({ totpLastStep: step })
        .where(
          and(
            eq(sellers.id, sellerId),
            or(isNull(sellers.totpLastStep), lt(sellers.totpLastStep, step)),
          ),
        )
        .returning({ id: sellers.id });
      return rows.length > 0;
    },

    async enableTotp(executor: Database, sellerId: string, at: Date): Promise<void> {
      await executor
        .update(sellers)
        .set({ totpEnabledAt: at, updatedAt: at })
        .where(eq(sellers.id, sellerId));
    },

    async disableTotp(executor: Database, sellerId: string): Promise<void> {
      await executor
        .update(sellers)
        .set({ totpSecret: null, totpEnabledAt: null, totpLastStep: null, updatedAt: new Date() })
        .where(eq(sellers.id, sellerId));
      await executor.delete(recoveryCodes).where(eq(recoveryCodes.sellerId, sellerId));
    },

    async replaceRecoveryCodes(
      executor: Database,
      sellerId: string,
      codeHashes: string[],
    ): Promise<void> {
      await executor.delete(recoveryCodes).where(eq(recoveryCodes.sellerId, sellerId));
      await executor
        .insert(recoveryCodes)
        .values(codeHashes.map((codeHash) => ({ sellerId, codeHash })));
    },

    /** Marks an unused recovery code of the seller used; false when there is no such code. */
    async useRecoveryCode(
      executor: Database,
      sellerId: string,
      codeHash: string,
    ): Promise<boolean> {
      const rows = await executor
        .update(recoveryCodes)
        .set({ usedAt: new Date() })
        .where(
          and(
            eq(recoveryCodes.sellerId, sellerId),
            eq(recoveryCodes.codeHash, codeHash),
            isNull(recoveryCodes.usedAt),
          ),
        )
        .returning({ id: recoveryCodes.id });
      return rows.length > 0;
    },

    async unusedRecoveryCodes(sellerId: string): Promise<number> {
      const [row] = await db
        .select({ count: sql<number>`count(*)::int` })
        .from(recoveryCodes)
        .where(and(eq(recoveryCodes.sellerId, sellerId), isNull(recoveryCodes.usedAt)));
      return row?.count ?? 0;
    },

    // --- second sign-in step --------------------------------------------------------------

    async createChallenge(sellerId: string, challengeHash: string, expiresAt: Date): Promise<void> {
      await db.insert(loginChallenges).values({ sellerId, challengeHash, expiresAt });
    },

    /**
     * Counts one try of a challenge still open (not consumed, not expired, under `maxTries`)
     * and answers it with its seller; an unusable challenge answers nothing.
     */
    /** The seller a challenge was made for, whatever its state. */
    async challengeOwner(challengeHash: string): Promise<string | undefined> {
      const [row] = await db
        .select({ sellerId: loginChallenges.sellerId })
        .from(loginChallenges)
        .where(eq(loginChallenges.challengeHash, challengeHash))
        .limit(1);
      return row?.sellerId;
    },

    async tryChallenge(
      executor: Database,
      challengeHash: string,
      now: Date,
      maxTries: number,
    ): Promise<{ challenge: LoginChallengeRow; seller: SellerRow } | undefined> {
      const [challenge] = await executor
        .update(loginChallenges)
        .set({ attempts: sql`${loginChallenges.attempts} + 1` })
        .where(
          and(
            eq(loginChallenges.challengeHash, challengeHash),
            isNull(loginChallenges.consumedAt),
            gt(loginChallenges.expiresAt, now),
            lt(loginChallenges.attempts, maxTries),
          ),
        )
        .returning();
      if (!challenge) return undefined;
      const [seller] = await executor
        .select()
        .from(sellers)
        .where(eq(sellers.id, challenge.sellerId))
        .limit(1);
      return seller ? { challenge, seller } : undefined;
    },

    /**
     * Uses up a challenge still there and unused; false when it is not (used meanwhile, or
     * removed by a change of the account's password).
     */
    async consumeChallenge(executor: Database, id: string, at: Date): Promise<boolean> {
      const rows = await executor
        .update(loginChallenges)
        .set({ consumedAt: at })
        .where(and(eq(loginChallenges.id, id), isNull(loginChallenges.consumedAt)))
        .returning({ id: loginChallenges.id });
      return rows.length > 0;
    },

    /** Deletes every sign-in challenge of the seller, in `executor`'s transaction. */
    async removeChallenges(executor: Database, sellerId: string): Promise<void> {
      await executor.delete(loginChallenges).where(eq(loginChallenges.sellerId, sellerId));
    },

    /** Challenges past their time: nothing uses them any more. */
    async purgeChallenges(before: Date): Promise<void> {
      await db.delete(loginChallenges).where(lt(loginChallenges.expiresAt, before));
    },

    // --- sign-in addresses ----------------------------------------------------------------

    /** Records a sign-in from `address`; answers whether the seller had used it before. */
    async rememberAddress(sellerId: string, address: string, at: Date): Promise<boolean> {
      const [known] = await db
        .select({ address: sellerSignInAddresses.address })
        .from(sellerSignInAddresses)
        .where(
          and(
            eq(sellerSignInAddresses.sellerId, sellerId),
            eq(sellerSignInAddresses.address, address),
          ),
        )
        .limit(1);
      await db
        .insert(sellerSignInAddresses)
        .values({ sellerId, address, lastSeenAt: at })
        .onConflictDoUpdate({
          target: [sellerSignInAddresses.sellerId, sellerSignInAddresses.address],
          set: { lastSeenAt: at },
        });
      return known !== undefined;
    },
  };
}

export type AccountSecurityRepository = ReturnType<typeof createAccountSecurityRepository>;
