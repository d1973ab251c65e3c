import type { Profile } from '@seller/contract/auth/get-profile';
import { eq, sql } from 'drizzle-orm';
import type { DataAccess, Database } from '../../db/client.ts';
import { isoTimestamp } from '../../db/local-days.ts';
import { type SellerRow, sellers } from '../../db/schema.ts';
import { column } from '../../db/sql-values.ts';
import { twoFactorOnColumn } from './two-factor-state.ts';

export function createSellerRepository({ db, statements }: Pick<DataAccess, 'db' | 'statements'>) {
  // Read on every page load (the profile) and by every token check that misses its cache:
  // named statements, so PostgreSQL parses and plans them once per connection (the builder's
  // `.prepare` for the whole row, the hot statements for the rest).
  const byId = db
    .select()
    .from(sellers)
    .where(eq(sellers.id, sql.placeholder('id')))
    .limit(1)
    .prepare('seller_by_id');
  const profileById = statements.prepare(
    'seller_profile',
    sql`select email, nickname, bio, avatar_url,
      ${isoTimestamp(sql`created_at`)} as created_at,
      ${twoFactorOnColumn} as two_factor_enabled
      from ${sellers} where id = ${sql.placeholder('id')} limit 1`,
    (row): Profile => ({
      email: column.text(row, 'email'),
      nickname: column.nullableText(row, 'nickname'),
      bio: column.nullableText(row, 'bio'),
      avatarUrl: column.nullableText(row, 'avatar_url'),
      createdAt: column.text(row, 'created_at'),
      twoFactorEnabled: column.boolean(row, 'two_factor_enabled'),
    }),
  );
  const tokenVersionById = statements.prepare(
    'seller_token_version',
    sql`select token_version from ${sellers} where id = ${sql.placeholder('id')} limit 1`,
    (row) => column.integer(row, 'token_version'),
  );

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
      const [version] = await tokenVersionById({ id });
      return version;
    },

    /** The seller's profile as the API shows it; undefined when there is no such seller. */
    async profile(id: string): Promise<Profile | undefined> {
      const [profile] = await profileById({ id });
      return profile;
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
