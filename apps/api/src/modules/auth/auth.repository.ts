import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { type SellerRow, sellers } from '../../db/schema.ts';

export function createSellerRepository(db: Database) {
  // Read on every page load (the profile) and by every token check that misses its cache:
  // prepared under a name, so PostgreSQL parses and plans them once per connection.
  const byId = db
    .select()
    .from(sellers)
    .where(eq(sellers.id, sql.placeholder('id')))
    .limit(1)
    .prepare('seller_by_id');
  const tokenVersionById = db
    .select({ tokenVersion: sellers.tokenVersion })
    .from(sellers)
    .where(eq(sellers.id, sql.placeholder('id')))
    .limit(1)
    .prepare('seller_token_version');

  return {
    /** Inside `executor`'s transaction when one is given. */
    async findById(id: string, executor: Database = db): Promise<SellerRow | undefined> {
      const [row] =
        executor === db
          ? await byId.execute({ id })
          : await executor.select().from(sellers).where(eq(sellers.id, id)).limit(1);
      return row;
    },

    async findByEmail(email: string): Promise<SellerRow | undefined> {
      const [row] = await db
        .select()
        .from(sellers)
        .where(sql`lower(${sellers.email}) = ${email.toLowerCase()}`)
        .limit(1);
      return row;
    },

    async findByNickname(nickname: string): Promise<SellerRow | undefined> {
      const [row] = await db.select().from(sellers).where(eq(sellers.nickname, nickname)).limit(1);
      return row;
    },

    async tokenVersion(id: string): Promise<number | undefined> {
      const [row] = await tokenVersionById.execute({ id });
      return row?.tokenVersion;
    },

    async insert(values: {
      email: string;
      nickname: string;
      passwordHash: string;
      language: string | null;
    }) {
      const [row] = await db.insert(sellers).values(values).returning();
      if (!row) throw new Error('insert returned no row');
      return row;
    },

    async updateProfile(id: string, values: Pick<SellerRow, 'nickname' | 'bio'>) {
      const [row] = await db
        .update(sellers)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(sellers.id, id))
        .returning();
      return row;
    },

    /** Inside `executor`'s transaction when one is given. */
    async setAvatar(id: string, avatarUrl: string | null, executor: Database = db) {
      const [row] = await executor
        .update(sellers)
        .set({ avatarUrl, updatedAt: new Date() })
        .where(eq(sellers.id, id))
        .returning();
      return row;
    },

    /**
     * Replaces the hash and revokes every token issued so far; returns the new version. Inside
     * `executor`'s transaction when one is given.
     */
    async setPasswordAndRevoke(
      id: string,
      passwordHash: string,
      executor: Database = db,
    ): Promise<number | undefined> {
      const [row] = await executor
        .update(sellers)
        .set({
          passwordHash,
          tokenVersion: sql`${sellers.tokenVersion} + 1`,
          updatedAt: new Date(),
        })
        .where(eq(sellers.id, id))
        .returning({ tokenVersion: sellers.tokenVersion });
      return row?.tokenVersion;
    },

    /** The id of the seller with this email, now said to have signed up at `createdAt`. */
    async setCreatedAt(email: string, createdAt: Date): Promise<string | undefined> {
      const [row] = await db
        .update(sellers)
        .set({ createdAt })
        .where(sql`lower(${sellers.email}) = ${email.toLowerCase()}`)
        .returning({ id: sellers.id });
      return row?.id;
    },

    /**
     * Drops what a cache in front of this repository knows of the seller's token version (a
     * revocation committed by a transaction of the caller's). Nothing to do here.
     */
    forgetTokenVersion(_id: string): void {},

    async setLanguage(id: string, language: string): Promise<void> {
      await db.update(sellers).set({ language }).where(eq(sellers.id, id));
    },

    async revokeTokens(id: string): Promise<void> {
      await db
        .update(sellers)
        .set({ tokenVersion: sql`${sellers.tokenVersion} + 1` })
        .where(eq(sellers.id, id));
    },
  };
}

export type SellerRepository = ReturnType<typeof createSellerRepository>;
