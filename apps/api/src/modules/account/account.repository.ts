import { and, asc, desc, eq, inArray, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import type { DataAccess, Database } from '../../db/client.ts';
import {
  apiTokens,
  broadcasts,
  customers,
  type DataExportRow,
  dataExports,
  emailChangeTokens,
  ledgerEntries,
  passwordResetTokens,
  payouts,
  productFiles,
  products,
  productThumbnails,
  refunds,
  type SellerRow,
  sales,
  securityEvents,
  sellerGettingStarted,
  sellerSignInAddresses,
  sellers,
  unsubscribeTokens,
  uploads,
} from '../../db/schema.ts';
import { wholeNumber } from '../../db/sql-values.ts';

/**
 * What no password hash ever is: the erased password of a deleted account (the column stays
 * non-null), refused by every password check.
 */
const erasedPasswordHash = 'erased';

export function createAccountRepository({
  db,
  transaction,
}: Pick<DataAccess, 'db' | 'transaction'>) {
  return {
    /** Runs work in one transaction (the database handle's). */
    transaction,

    /**
     * The seller's row, locked until the transaction ends (one export request, or the deletion,
     * at a time); undefined for a deleted or unknown account.
     */
    async lockSeller(tx: Database, sellerId: string): Promise<SellerRow | undefined> {
      const [row] = await tx
        .select()
        .from(sellers)
        .where(and(eq(sellers.id, sellerId), isNull(sellers.deletedAt)))
        .limit(1)
        .for('update');
      return row;
    },

    async findSeller(sellerId: string): Promise<SellerRow | undefined> {
      const [row] = await db.select().from(sellers).where(eq(sellers.id, sellerId)).limit(1);
      return row;
    },

    // ---- Data exports ----------------------------------------------------------------------

    async latestExport(sellerId: string, executor: Database = db) {
      const [row] = await executor
        .select()
        .from(dataExports)
        .where(eq(dataExports.sellerId, sellerId))
        .orderBy(desc(dataExports.requestedAt), desc(dataExports.id))
        .limit(1);
      return row;
    },

    async findExport(id: string): Promise<DataExportRow | undefined> {
      const [row] = await db.select().from(dataExports).where(eq(dataExports.id, id)).limit(1);
      return row;
    },

    async insertExport(tx: Database, sellerId: string, at: Date): Promise<DataExportRow> {
      const [row] = await tx.insert(dataExports).values({ sellerId, requestedAt: at }).returning();
      if (!row) throw new Error('insert returned no row');
      return row;
    },

    /** Marks a pending export ready; false when it is no longer pending (the account went). */
    async markExportReady(
      tx: Database,
      id: string,
      values: { storageKey: string; readyAt: Date; expiresAt: Date },
    ): Promise<boolean> {
      const rows = await tx
        .update(dataExports)
        .set({ status: 'ready', ...values })
        .where(and(eq(dataExports.id, id), eq(dataExports.status, 'pending')))
        .returning({ id: dataExports.id });
      return rows.length > 0;
    },

    /**
     * Names the file an attempt at building a pending export is about to write, before it writes
     * it, so that no file of the account is ever unknown to its row (a worker may die after
     * writing). Answers the file of an earlier attempt it replaces; undefined when the export is
     * no longer pending.
     */
    async recordExportFile(
      tx: Database,
      id: string,
      storageKey: string,
    ): Promise<{ replaced: string | null } | undefined> {
      const [row] = await tx
        .select({ storageKey: dataExports.storageKey })
        .from(dataExports)
        .where(and(eq(dataExports.id, id), eq(dataExports.status, 'pending')))
        .limit(1)
        .for('update');
      if (!row) return undefined;
      await tx.update(dataExports).set({ storageKey }).where(eq(dataExports.id, id));
      return { replaced: row.storageKey };
    },

    async markExportFailed(id: string, error: string, executor: Database = db): Promise<void> {
      await executor
        .update(dataExports)
        .set({ status: 'failed', error: error.slice(0, 500) })
        .where(and(eq(dataExports.id, id), eq(dataExports.status, 'pending')));
    },

    /**
     * The stored files to remove: those past their time, those of a seller's older exports (a
     * newer one replaced them), and what a failed export's last attempt wrote.
     */
    async exportFilesToRemove(at: Date): Promise<{ id: string; storageKey: string }[]> {
      const rows = await db
        .select({ id: dataExports.id, storageKey: dataExports.storageKey })
        .from(dataExports)
        .where(
          and(
            isNotNull(dataExports.storageKey),
            sql`(${dataExports.expiresAt} <= ${at.toISOString()}
              or ${dataExports.status} = 'failed'
              or exists (select 1 from ${dataExports} newer
                where newer.seller_id = ${dataExports.sellerId}
                  and newer.requested_at > ${dataExports.requestedAt}))`,
          ),
        )
        .orderBy(asc(dataExports.requestedAt));
      return rows.flatMap((row) =>
        row.storageKey ? [{ id: row.id, storageKey: row.storageKey }] : [],
      );
    },

    /** The export's file is gone: it shows as expired from now on. */
    async forgetExportFile(id: string, storageKey: string): Promise<void> {
      await db
        .update(dataExports)
        .set({ storageKey: null })
        .where(and(eq(dataExports.id, id), eq(dataExports.storageKey, storageKey)));
    },

    // ---- What the export holds ---------------------------------------------------------------

    /** Every product of the seller, deleted ones too, oldest first, with its files and images. */
    async productsOf(sellerId: string) {
      const rows = await db
        .select()
        .from(products)
        .where(eq(products.sellerId, sellerId))
        .orderBy(asc(products.createdAt), asc(products.id));
      const ids = rows.map((row) => row.id);
      const files = ids.length
        ? await db
            .select()
            .from(productFiles)
            .where(inArray(productFiles.productId, ids))
            .orderBy(asc(productFiles.position))
        : [];
      const thumbnails = ids.length
        ? await db
            .select()
            .from(productThumbnails)
            .where(inArray(productThumbnails.productId, ids))
            .orderBy(asc(productThumbnails.position))
        : [];
      return rows.map((product) => ({
        product,
        files: files.filter((file) => file.productId === product.id),
        thumbnails: thumbnails.filter((thumbnail) => thumbnail.productId === product.id),
      }));
    },

    /** Refunds and chargebacks of the seller's sales, oldest first. */
    async refundsOf(sellerId: string) {
      return db
        .select()
        .from(refunds)
        .where(eq(refunds.sellerId, sellerId))
        .orderBy(asc(refunds.createdAt), asc(refunds.id));
    },

    async payoutsOf(sellerId: string) {
      return db
        .select()
        .from(payouts)
        .where(eq(payouts.sellerId, sellerId))
        .orderBy(asc(payouts.createdAt), asc(payouts.id));
    },

    /** The balance: the net of every ledger entry (sales less refunds and payouts). */
    async balance(tx: Database, sellerId: string): Promise<number> {
      const [row] = await tx
        .select({ balance: sql<string>`coalesce(sum(${ledgerEntries.net}), 0)` })
        .from(ledgerEntries)
        .where(eq(ledgerEntries.sellerId, sellerId));
      return wholeNumber(row?.balance ?? 0, 'balance');
    },

    /** The account's activity log, newest first. */
    async activityOf(sellerId: string) {
      return db
        .select()
        .from(securityEvents)
        .where(eq(securityEvents.sellerId, sellerId))
        .orderBy(desc(securityEvents.at), desc(securityEvents.id));
    },

    // ---- Deletion ----------------------------------------------------------------------------

    /**
     * The stored files of the seller's products that never sold: nobody is owed them, so they
     * go with the account. Files of sold products stay for their buyers.
     */
    async unsoldProductFileKeys(tx: Database, sellerId: string): Promise<string[]> {
      const unsold = sql`not exists (select 1 from ${sales} where ${sales.productId} = ${products.id})`;
      const files = await tx
        .select({ key: productFiles.storageKey })
        .from(productFiles)
        .innerJoin(products, eq(products.id, productFiles.productId))
        .where(and(eq(products.sellerId, sellerId), unsold));
      const images = await tx
        .select({ key: productThumbnails.storageKey })
        .from(productThumbnails)
        .innerJoin(products, eq(products.id, productThumbnails.productId))
        .where(and(eq(products.sellerId, sellerId), unsold));
      return [...files, ...images].map((row) => row.key);
    },

    /**
     * The stored key of the seller's avatar image, read from its upload (never worked out from
     * the avatar's public URL, which names whatever address the server had when it was set).
     */
    async avatarKeys(tx: Database, sellerId: string): Promise<string[]> {
      const rows = await tx
        .select({ key: uploads.storageKey })
        .from(uploads)
        .where(
          and(
            eq(uploads.sellerId, sellerId),
            eq(uploads.kind, 'avatar'),
            isNotNull(uploads.attachedAt),
          ),
        );
      return rows.map((row) => row.key);
    },

    async exportFileKeys(tx: Database, sellerId: string): Promise<string[]> {
      const rows = await tx
        .select({ key: dataExports.storageKey })
        .from(dataExports)
        .where(and(eq(dataExports.sellerId, sellerId), isNotNull(dataExports.storageKey)));
      return rows.flatMap((row) => (row.key ? [row.key] : []));
    },

    /**
     * Everything of the account that is not a trade record, but what the service ends through
     * the modules that own it (sessions, activity, second factor, webhook, payout details):
     * access ends (API tokens, the token version), personal data is erased, products leave the
     * catalog. The row keeps its id and nickname (never given again); sales, refunds, payouts
     * and the ledger are not touched.
     */
    async eraseAccount(tx: Database, sellerId: string, at: Date): Promise<void> {
      await tx
        .update(sellers)
        .set({
          email: null,
          passwordHash: erasedPasswordHash,
          bio: null,
          avatarUrl: null,
          tokenVersion: sql`${sellers.tokenVersion} + 1`,
          deletedAt: at,
          updatedAt: at,
        })
        .where(eq(sellers.id, sellerId));
      await tx
        .update(apiTokens)
        .set({ revokedAt: at })
        .where(and(eq(apiTokens.sellerId, sellerId), isNull(apiTokens.revokedAt)));
      await tx.delete(passwordResetTokens).where(eq(passwordResetTokens.sellerId, sellerId));
      await tx.delete(emailChangeTokens).where(eq(emailChangeTokens.sellerId, sellerId));
      await tx.delete(sellerSignInAddresses).where(eq(sellerSignInAddresses.sellerId, sellerId));
      await tx.delete(sellerGettingStarted).where(eq(sellerGettingStarted.sellerId, sellerId));
      await tx
        .update(dataExports)
        .set({ storageKey: null })
        .where(eq(dataExports.sellerId, sellerId));
      await tx
        .update(dataExports)
        .set({ status: 'failed', error: 'the account was deleted' })
        .where(and(eq(dataExports.sellerId, sellerId), eq(dataExports.status, 'pending')));
      await tx
        .update(products)
        .set({ status: 'deleted', deletedAt: at, updatedAt: at })
        .where(and(eq(products.sellerId, sellerId), ne(products.status, 'deleted')));
      // The mail to buyers with its recipients (a message not sent yet never goes), then the
      // buyers' unsubscribe links and the buyers themselves.
      await tx.delete(broadcasts).where(eq(broadcasts.sellerId, sellerId));
      await tx
        .delete(unsubscribeTokens)
        .where(
          inArray(
            unsubscribeTokens.customerId,
            tx.select({ id: customers.id }).from(customers).where(eq(customers.sellerId, sellerId)),
          ),
        );
      await tx.delete(customers).where(eq(customers.sellerId, sellerId));
    },
  };
}

export type AccountRepository = ReturnType<typeof createAccountRepository>;
