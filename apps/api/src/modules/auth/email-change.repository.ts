import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { emailChangeTokens, sellers } from '../../db/schema.ts';

/** Email change links and the address they set. Every method runs in the caller's transaction. */
export function createEmailChangeRepository() {
  return {
    /** Ends the seller's open links and records a new one: only the newest link works. */
    async replaceToken(
      executor: Database,
      values: { sellerId: string; tokenHash: string; newEmail: string; expiresAt: Date; at: Date },
    ): Promise<void> {
      await executor
        .update(emailChangeTokens)
        .set({ usedAt: values.at })
        .where(
          and(eq(emailChangeTokens.sellerId, values.sellerId), isNull(emailChangeTokens.usedAt)),
        );
      await executor.insert(emailChangeTokens).values({
        tokenHash: values.tokenHash,
        sellerId: values.sellerId,
        newEmail: values.newEmail,
        expiresAt: values.expiresAt,
      });
    },

    /**
     * Ends every open link of the seller (a password changed or reset, so that a link asked for
     * with the old password moves the account no more).
     */
    async endOpen(executor: Database, sellerId: string, at: Date): Promise<void> {
      await executor
        .update(emailChangeTokens)
        .set({ usedAt: at })
        .where(and(eq(emailChangeTokens.sellerId, sellerId), isNull(emailChangeTokens.usedAt)));
    },

    /** Whether the link with this hash is still usable (not used, replaced, ended or expired). */
    async isOpen(executor: Database, tokenHash: string, at: Date): Promise<boolean> {
      const rows = await executor
        .select({ tokenHash: emailChangeTokens.tokenHash })
        .from(emailChangeTokens)
        .where(
          and(
            eq(emailChangeTokens.tokenHash, tokenHash),
            isNull(emailChangeTokens.usedAt),
            gt(emailChangeTokens.expiresAt, at),
          ),
        )
        .limit(1);
      return rows.length > 0;
    },

    /** Uses the link with this hash if it is still valid: whose it was and the address it sets. */
    async consumeToken(
      executor: Database,
      tokenHash: string,
      at: Date,
    ): Promise<{ sellerId: string; newEmail: string } | undefined> {
      const [row] = await executor
        .update(emailChangeTokens)
        .set({ usedAt: at })
        .where(
          and(
            eq(emailChangeTokens.tokenHash, tokenHash),
            isNull(emailChangeTokens.usedAt),
            gt(emailChangeTokens.expiresAt, at),
          ),
        )
        .returning({ sellerId: emailChangeTokens.sellerId, newEmail: emailChangeTokens.newEmail });
      return row;
    },

    /** Sets the address of an account that is not deleted; false when there is none. */
    async setEmail(
      executor: Database,
      sellerId: string,
      email: string,
      at: Date,
    ): Promise<boolean> {
      const rows = await executor
        .update(sellers)
        .set({ email, updatedAt: at })
        .where(
          and(
            eq(sellers.id, sellerId),
            isNull(sellers.deletedAt),
            sql`${sellers.email} is not null`,
          ),
        )
        .returning({ id: sellers.id });
      return rows.length > 0;
    },
  };
}

export type EmailChangeRepository = ReturnType<typeof createEmailChangeRepository>;
