import { and, asc, eq, inArray, isNull, lt, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { type UploadKindValue, type UploadRow, uploads } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';

export interface ClaimedUpload {
  key: string;
  originalName: string;
  extension: string;
  contentType: string;
  size: number;
}

export interface NewUpload {
  sellerId: string;
  kind: UploadKindValue;
  storageKey: string;
  multipartUploadId: string | null;
  originalName: string;
  extension: string;
  contentType: string;
  declaredSize: number;
  expiresAt: Date;
}

/**
 * Attaches uploads to a product (or avatar) inside the caller's transaction: every key must
 * be a `completed`, not yet attached upload of this seller and of this kind. They are marked
 * attached and returned in the order of `keys`; otherwise nothing is marked and the call
 * throws `upload_not_found` (400), so the caller's transaction rolls back.
 */
export async function claimCompletedUploads(
  tx: Database,
  sellerId: string,
  keys: string[],
  kind: 'file' | 'image' | 'avatar',
): Promise<ClaimedUpload[]> {
  if (keys.length === 0) return [];
  const unique = new Set(keys);
  if (unique.size !== keys.length) {
    throw new AppError('upload_not_found', 'The same upload is listed twice');
  }
  const claimed = await tx
    .update(uploads)
    .set({ attachedAt: new Date() })
    .where(
      and(
        eq(uploads.sellerId, sellerId),
        eq(uploads.kind, kind),
        eq(uploads.state, 'completed'),
        isNull(uploads.attachedAt),
        inArray(uploads.storageKey, keys),
      ),
    )
    .returning();
  if (claimed.length !== keys.length) {
    const found = new Set(claimed.map((row) => row.storageKey));
    const missing = keys.filter((key) => !found.has(key));
    // Undo our own marks even if the caller catches the error and commits anyway.
    if (claimed.length > 0) {
      await tx
        .update(uploads)
        .set({ attachedAt: null })
        .where(
          inArray(
            uploads.id,
            claimed.map((row) => row.id),
          ),
        );
    }
    throw new AppError(
      'upload_not_found',
      'An uploaded file is missing, unfinished or already used',
      missing.map((key) => ({ path: key, message: 'uploadNotFound' })),
    );
  }
  const byKey = new Map(claimed.map((row) => [row.storageKey, row]));
  return keys.map((key) => {
    const row = byKey.get(key) as UploadRow;
    return {
      key: row.storageKey,
      originalName: row.originalName,
      extension: row.extension,
      contentType: row.contentType,
      size: row.declaredSize,
    };
  });
}

export function createUploadRepository(db: Database) {
  return {
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

    /** Moves a pending upload to uploading (first part URL); other states are left alone. */
    async markUploading(id: string): Promise<void> {
      await db
        .update(uploads)
        .set({ state: 'uploading' })
        .where(and(eq(uploads.id, id), eq(uploads.state, 'pending')));
    },

    /** Completes an unfinished upload; returns the row, or undefined if it was not unfinished. */
    async markCompleted(id: string, expiresAt: Date): Promise<UploadRow | undefined> {
      const [row] = await db
        .update(uploads)
        .set({ state: 'completed', completedAt: new Date(), expiresAt })
        .where(and(eq(uploads.id, id), inArray(uploads.state, ['pending', 'uploading'])))
        .returning();
      return row;
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
