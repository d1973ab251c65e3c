import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

export const sellers = pgTable(
  'sellers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    nickname: text('nickname'),
    passwordHash: text('password_hash').notNull(),
    bio: text('bio'),
    avatarUrl: text('avatar_url'),
    /** Bumped on password change and logout: tokens carrying an older value are refused. */
    tokenVersion: integer('token_version').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('sellers_email_lower_key').on(sql`lower(${table.email})`),
    uniqueIndex('sellers_nickname_key').on(table.nickname),
    index('sellers_created_at_idx').on(table.createdAt),
  ],
);

export type SellerRow = typeof sellers.$inferSelect;
