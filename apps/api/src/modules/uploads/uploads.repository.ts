import { and, asc, eq, inArray, isNotNull, isNull, lt, ne, sql } from 'drizzle-orm';
import type { DataAccess, Database } from '../../db/client.ts';
import { type UploadKindValue, type UploadRow, uploads } from '../../db/schema.ts';

/** An upload handed over to a product or avatar: what the rows of those need to know. */
export type ClaimedUpload = Pick<UploadRow, 'originalName' | 'extension' | 'contentType'> & {
  key: UploadRow['storageKey'];
  /** Bytes stored: known for every claimed upload, since only stored ones are claimed. */
  size: NonNullable<UploadRow['size']>;
};

/** The columns an upload starts with, each stated; the others keep their defaults. */
export type NewUpload = Required<
  Pick<
    typeof uploads.$inferInsert,
    | 'sellerId'
    | 'kind'
    | 'storageKey'
    | 'multipartUploadId'
    | 'originalName'
    | 'extension'
    | 'contentType'
    | 'signedContentType'
    | 'declaredSize'
    | 'expiresAt'
  >
>;

/** A single-PUT upload found stored by a claim, completed in the same statement that attaches it. */
export type VerifiedUpload = Pick<UploadRow, 'id'> & { size: NonNullable<UploadRow['size']> };

export function createUploadRepository({
  db,
  transaction,
}: Pick<DataAccess, 'db' | 'transaction'>) {
  return {
    /** Runs `work` in one transaction, for the claims and writes that go together. */
    transaction<T>(work: (tx: Database) => Promise<T>): Promise<T> {
      return transaction(work);
    },

    async insert(values: NewUpload): Promise<UploadRow> {
      const [row] = await db.insert(uploads).values(values).returning();
      if (!row) throw new Error('insert returned no row');
      return row;
    },

    /** The seller's upload with this key (and multipart id, when given); never another's. */
    async findOwned(
      sellerId: string,
      storageKey: string,
      multipartUploadId: string | null,
    ): Promise<UploadRow | undefined> {
      const [row] = await db
        .select()
        .from(uploads)
        .where(
          and(
            eq(uploads.sellerId, sellerId),
            eq(uploads.storageKey, storageKey),
            multipartUploadId === null
              ? isNull(uploads.multipartUploadId)
              : eq(uploads.multipartUploadId, multipartUploadId),
          ),
        )
        .limit(1);
      return row;
    },

    /** The upload with this key, whoever's it is: keys are the server's, one per upload. */
    async findByKey(storageKey: string): Promise<UploadRow | undefined> {
      const [row] = await db
        .select()
        .from(uploads)
        .where(eq(uploads.storageKey, storageKey))
        .limit(1);
      return row;
    },

    /** Moves a pending upload to uploading (first part URL); other states are left alone. */
    async markUploading(id: string): Promise<void> {
      await db
        .update(uploads)
        .set({ state: 'uploading' })
        .where(and(eq(uploads.id, id), eq(uploads.state, 'pending')));
    },

    /** Completes an unfinished upload; returns the row, or undefined if it was not unfinished. */
    async markCompleted(id: string, size: number, expiresAt: Date): Promise<UploadRow | undefined> {
      const [row] = await db
        .update(uploads)
        .set({ state: 'completed', completedAt: new Date(), expiresAt, size })
        .where(and(eq(uploads.id, id), inArray(uploads.state, ['pending', 'uploading'])))
        .returning();
      return row;
    },

    /**
     * The seller's uploads of this kind with these keys that could still be attached: not
     * aborted, not attached. Read inside the claiming transaction.
     */
    async findClaimable(
      tx: Database,
      sellerId: string,
      keys: readonly string[],
      kind: UploadKindValue,
    ): Promise<UploadRow[]> {
      if (keys.length === 0) return [];
      return tx
        .select()
        .from(uploads)
        .where(
          and(
            eq(uploads.sellerId, sellerId),
            eq(uploads.kind, kind),
            ne(uploads.state, 'aborted'),
            isNull(uploads.attachedAt),
            inArray(uploads.storageKey, [...keys]),
          ),
        );
    },

    /**
     * Marks uploads attached inside the caller's transaction: the completed ones by id, and the
     * verified single-PUT ones completed at the same time. Returns how many rows it marked; a
     * row changed meanwhile by another request (attached, aborted) is not counted.
     */
    async attach(
      tx: Database,
      completedIds: readonly string[],
      verified: readonly VerifiedUpload[],
      expiresAt: Date,
    ): Promise<number> {
      const now = new Date();
      let marked = 0;
      if (completedIds.length > 0) {
        const rows = await tx
          .update(uploads)
          .set({ attachedAt: now })
          .where(
            and(
              inArray(uploads.id, [...completedIds]),
              eq(uploads.state, 'completed'),
              isNull(uploads.attachedAt),
            ),
          )
          .returning({ id: uploads.id });
        marked += rows.length;
      }
      for (const upload of verified) {
        const rows = await tx
          .update(uploads)
          .set({
            state: 'completed',
            completedAt: now,
            size: upload.size,
            attachedAt: now,
            expiresAt,
          })
          .where(
            and(
              eq(uploads.id, upload.id),
              inArray(uploads.state, ['pending', 'uploading']),
              isNull(uploads.attachedAt),
            ),
          )
          .returning({ id: uploads.id });
        marked += rows.length;
      }
      return marked;
    },

    /**
     * Detaches the seller's avatar images other than `keepKey` and lets them expire now: the
     * sweeper removes them. Inside the transaction that sets the new avatar.
     */
    async releaseOtherAvatars(tx: Database, sellerId: string, keepKey: string): Promise<void> {
      await tx
        .update(uploads)
        .set({ attachedAt: null, expiresAt: new Date() })
        .where(
          and(
            eq(uploads.sellerId, sellerId),
            eq(uploads.kind, 'avatar'),
            isNotNull(uploads.attachedAt),
            ne(uploads.storageKey, keepKey),
          ),
        );
    },

    /** Aborts an upload nothing uses; returns false when it is attached (or already gone). */
    async markAborted(id: string): Promise<boolean> {
      const rows = await db
        .update(uploads)
        .set({ state: 'aborted' })
        .where(and(eq(uploads.id, id), isNull(uploads.attachedAt), ne(uploads.state, 'aborted')))
        .returning({ id: uploads.id });
      return rows.length > 0;
    },

    /**
     * Claims expired, unattached uploads for the sweeper: they become `aborted` first, so a
     * product saved at the same moment either attached them before (and they are skipped)
     * or finds them aborted; the stored bytes are deleted after.
     */
    async claimExpired(now: Date, limit: number): Promise<UploadRow[]> {
      const candidates = db
        .select({ id: uploads.id })
        .from(uploads)
        .where(
          and(isNull(uploads.attachedAt), ne(uploads.state, 'aborted'), lt(uploads.expiresAt, now)),
        )
        .orderBy(asc(uploads.expiresAt))
        .limit(limit);
      const before = await db.select().from(uploads).where(inArray(uploads.id, candidates));
      if (before.length === 0) return [];
      const updated = await db
        .update(uploads)
        .set({ state: 'aborted' })
        .where(
          and(
            inArray(
              uploads.id,
              before.map((row) => row.id),
            ),
            isNull(uploads.attachedAt),
            ne(uploads.state, 'aborted'),
            lt(uploads.expiresAt, now),
          ),
        )
        .returning({ id: uploads.id });
      const claimed = new Set(updated.map((row) => row.id));
      // The rows as they were before: the sweeper needs to know whether they were multipart.
      return before.filter((row) => claimed.has(row.id));
    },

    async countBySeller(sellerId: string): Promise<number> {
      const [row] = await db
        .select({ count: sql<number>`count(*)::int` })
        .from(uploads)
        .where(eq(uploads.sellerId, sellerId));
      return row?.count ?? 0;
    },
  };
}

export type UploadRepository = ReturnType<typeof createUploadRepository>;
