import { randomBytes } from 'node:crypto';
import type { BroadcastKind } from '@seller/contract/customers/broadcast';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { DataAccess, Database } from '../../db/client.ts';
import { fullyRefunded } from '../../db/sale-rows.ts';
import {
  type BroadcastRecipientRow,
  type BroadcastRow,
  broadcastRecipients,
  broadcasts,
  customers,
  productFiles,
  productFileVersions,
  products,
  sellers,
  unsubscribeTokens,
} from '../../db/schema.ts';

/** Rows per insert of a broadcast's recipients: well under PostgreSQL's 65,535 parameters. */
const insertChunk = 500;

/** A buyer a broadcast may reach, with what decides whether it does. */
export interface BroadcastCandidate {
  id: string;
  email: string;
  locale: string | null;
  marketingConsent: 'granted' | 'withdrawn' | 'none';
  productUpdates: boolean;
  /** Whether one of the buyer's sales of the chosen products is not fully refunded. */
  hasLiveSale: boolean;
}

/** A quoted version and the product its file belongs to. */
export interface QuotedVersion {
  id: string;
  productId: string;
  number: number;
  label: string | null;
  changelog: string | null;
  createdAt: Date;
}

export type NewRecipient = Pick<
  BroadcastRecipientRow,
  'broadcastId' | 'customerId' | 'email' | 'language' | 'sendAt'
>;

/** Everything one message of a broadcast is made of, read when it is sent. */
export interface RecipientForSending {
  recipient: BroadcastRecipientRow;
  broadcast: BroadcastRow;
  seller: { nickname: string | null; email: string | null };
  customer: {
    name: string | null;
    marketingConsent: 'granted' | 'withdrawn' | 'none';
    productUpdates: boolean;
  };
}

const arrayOfUuids = (ids: readonly string[]) =>
  sql`array[${sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  )}]::uuid[]`;

export function createBroadcastRepository({ db, transaction }: DataAccess) {
  return {
    transaction,

    /**
     * The seller, its row locked until the transaction ends: two broadcasts of one seller are
     * checked against the limits one after the other.
     */
    async lockSeller(
      tx: Database,
      sellerId: string,
    ): Promise<{ nickname: string | null; email: string | null; language: string | null }> {
      const [row] = await tx
        .select({ nickname: sellers.nickname, email: sellers.email, language: sellers.language })
        .from(sellers)
        .where(eq(sellers.id, sellerId))
        .for('update');
      if (!row) throw new Error('the signed-in seller has no row');
      return row;
    },

    /** Whether the seller recorded a broadcast of this kind since `since` (about these products). */
    async sentSince(
      tx: Database,
      sellerId: string,
      kind: BroadcastKind,
      since: Date,
      productIds: readonly string[] = [],
    ): Promise<boolean> {
      const [row] = await tx
        .select({ id: broadcasts.id })
        .from(broadcasts)
        .where(
          and(
            eq(broadcasts.sellerId, sellerId),
            eq(broadcasts.kind, kind),
            sql`${broadcasts.createdAt} > ${since.toISOString()}::timestamptz`,
            productIds.length > 0
              ? sql`${broadcasts.productIds} && ${arrayOfUuids(productIds)}`
              : undefined,
          ),
        )
        .limit(1);
      return row !== undefined;
    },

    /** Those of the products that are the seller's (deleted ones too: their buyers remain). */
    ownProducts(
      tx: Database,
      sellerId: string,
      productIds: readonly string[],
    ): Promise<{ id: string; title: string }[]> {
      return tx
        .select({ id: products.id, title: products.title })
        .from(products)
        .where(and(eq(products.sellerId, sellerId), inArray(products.id, [...productIds])));
    },

    /** Those of the versions that belong to files of these products. */
    versionsOf(
      productIds: readonly string[],
      versionIds: readonly string[],
      executor: Database = db,
    ): Promise<QuotedVersion[]> {
      if (productIds.length === 0 || versionIds.length === 0) return Promise.resolve([]);
      return executor
        .select({
          id: productFileVersions.id,
          productId: productFiles.productId,
          number: productFileVersions.number,
          label: productFileVersions.label,
          changelog: productFileVersions.changelog,
          createdAt: productFileVersions.createdAt,
        })
        .from(productFileVersions)
        .innerJoin(productFiles, eq(productFiles.id, productFileVersions.fileId))
        .where(
          and(
            inArray(productFileVersions.id, [...versionIds]),
            inArray(productFiles.productId, [...productIds]),
          ),
        )
        .orderBy(productFileVersions.createdAt);
    },

    /** The seller's buyers (of any of the products, when given), each with its deciding facts. */
    candidates(
      tx: Database,
      sellerId: string,
      productIds: readonly string[],
    ): Promise<BroadcastCandidate[]> {
      const bought = productIds.length > 0 ? arrayOfUuids(productIds) : undefined;
      const liveSale = bought
        ? sql<boolean>`exists (select 1 from sales s
            where s.seller_id = ${customers.sellerId}
              and lower(s.customer_email) = lower(${customers.email})
              and s.product_id = any(${bought})
              and not ${fullyRefunded('s')})`
        : sql<boolean>`true`;
      return tx
        .select({
          id: customers.id,
          email: customers.email,
          locale: customers.locale,
          marketingConsent: customers.marketingConsent,
          productUpdates: customers.productUpdates,
          hasLiveSale: liveSale,
        })
        .from(customers)
        .where(
          and(
            eq(customers.sellerId, sellerId),
            bought ? sql`${customers.productIds} && ${bought}` : undefined,
          ),
        )
        .orderBy(customers.id);
    },

    async insertBroadcast(tx: Database, values: typeof broadcasts.$inferInsert) {
      const [row] = await tx.insert(broadcasts).values(values).returning();
      if (!row) throw new Error('the broadcast was not recorded');
      return row;
    },

    /** The recipients, one per email (the first of a case-insensitive duplicate wins). */
    async insertRecipients(
      tx: Database,
      rows: readonly NewRecipient[],
    ): Promise<{ id: string; language: string; sendAt: Date }[]> {
      const inserted: { id: string; language: string; sendAt: Date }[] = [];
      for (let start = 0; start < rows.length; start += insertChunk) {
        inserted.push(
          ...(await tx
            .insert(broadcastRecipients)
            .values(rows.slice(start, start + insertChunk))
            .onConflictDoNothing()
            .returning({
              id: broadcastRecipients.id,
              language: broadcastRecipients.language,
              sendAt: broadcastRecipients.sendAt,
            })),
        );
      }
      return inserted;
    },

    /** A page of the seller's broadcasts, newest first, with their sent and failed counts. */
    async list(
      sellerId: string,
      offset: number,
      limit: number,
    ): Promise<{ total: number; rows: (BroadcastRow & { sent: number; failed: number })[] }> {
      // Qualified by hand: drizzle writes a lone table's columns unqualified, which inside the
      // subquery would name the recipient's own `id`.
      const counted = (state: 'sent' | 'failed') =>
        sql<number>`(select count(*)::int from broadcast_recipients r
          where r.broadcast_id = "broadcasts"."id" and r.state = ${state})`;
      const [total, rows] = await Promise.all([
        db
          .select({ total: sql<number>`count(*)::int` })
          .from(broadcasts)
          .where(eq(broadcasts.sellerId, sellerId)),
        db
          .select({ broadcast: broadcasts, sent: counted('sent'), failed: counted('failed') })
          .from(broadcasts)
          .where(eq(broadcasts.sellerId, sellerId))
          .orderBy(desc(broadcasts.createdAt), desc(broadcasts.id))
          .offset(offset)
          .limit(limit),
      ]);
      return {
        total: total[0]?.total ?? 0,
        rows: rows.map((row) => ({ ...row.broadcast, sent: row.sent, failed: row.failed })),
      };
    },

    async forSending(recipientId: string): Promise<RecipientForSending | undefined> {
      const [row] = await db
        .select({
          recipient: broadcastRecipients,
          broadcast: broadcasts,
          seller: { nickname: sellers.nickname, email: sellers.email },
          customer: {
            name: customers.name,
            marketingConsent: customers.marketingConsent,
            productUpdates: customers.productUpdates,
          },
        })
        .from(broadcastRecipients)
        .innerJoin(broadcasts, eq(broadcasts.id, broadcastRecipients.broadcastId))
        .innerJoin(sellers, eq(sellers.id, broadcasts.sellerId))
        .innerJoin(customers, eq(customers.id, broadcastRecipients.customerId))
        .where(eq(broadcastRecipients.id, recipientId))
        .limit(1);
      return row;
    },

    productTitles(productIds: readonly string[]): Promise<{ id: string; title: string }[]> {
      if (productIds.length === 0) return Promise.resolve([]);
      return db
        .select({ id: products.id, title: products.title })
        .from(products)
        .where(inArray(products.id, [...productIds]));
    },

    /** The buyer's unsubscribe token for this kind of mail, issued on first use. */
    async tokenFor(customerId: string, kind: BroadcastKind): Promise<string> {
      await db
        .insert(unsubscribeTokens)
        .values({ token: randomBytes(32).toString('base64url'), customerId, kind })
        .onConflictDoNothing({ target: [unsubscribeTokens.customerId, unsubscribeTokens.kind] });
      const [row] = await db
        .select({ token: unsubscribeTokens.token })
        .from(unsubscribeTokens)
        .where(and(eq(unsubscribeTokens.customerId, customerId), eq(unsubscribeTokens.kind, kind)));
      if (!row) throw new Error('the unsubscribe token was not issued');
      return row.token;
    },

    /** Marks a queued message (in `executor`'s transaction); false when it was no longer queued. */
    async finish(
      recipientId: string,
      state: 'sent' | 'failed' | 'skipped',
      at: Date,
      error: string | null = null,
      executor: Database = db,
    ): Promise<boolean> {
      const rows = await executor
        .update(broadcastRecipients)
        .set({ state, sentAt: state === 'sent' ? at : null, error })
        .where(
          and(eq(broadcastRecipients.id, recipientId), eq(broadcastRecipients.state, 'queued')),
        )
        .returning({ id: broadcastRecipients.id });
      return rows.length > 0;
    },

    /**
     * Turns off what the token's mail was about: marketing consent or product updates. The
     * kind, or none for an unknown token. The buyer's click is the latest change there is: a
     * grant the member site dated a few minutes ahead of our clock (allowed, clocks differ) was
     * still recorded before it, so the withdrawal takes the later of the two times and wins.
     */
    async unsubscribe(token: string, at: Date): Promise<BroadcastKind | undefined> {
      return transaction(async (tx) => {
        const [found] = await tx
          .select({ customerId: unsubscribeTokens.customerId, kind: unsubscribeTokens.kind })
          .from(unsubscribeTokens)
          .where(eq(unsubscribeTokens.token, token));
        if (!found) return undefined;
        if (found.kind === 'marketing') {
          await tx
            .update(customers)
            .set({
              marketingConsent: 'withdrawn',
              consentAt: sql`greatest(${customers.consentAt}, ${at.toISOString()}::timestamptz)`,
            })
            .where(
              and(
                eq(customers.id, found.customerId),
                sql`${customers.marketingConsent} <> 'withdrawn'`,
              ),
            );
        } else {
          await tx
            .update(customers)
            .set({ productUpdates: false })
            .where(eq(customers.id, found.customerId));
        }
        return found.kind;
      });
    },
  };
}

export type BroadcastRepository = ReturnType<typeof createBroadcastRepository>;
