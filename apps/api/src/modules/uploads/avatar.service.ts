import type { Profile } from '@seller/contract/auth/get-profile';
import { and, eq, isNotNull, ne } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { sellers, uploads } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Storage } from '../../storage/storage.ts';
import { toProfile } from '../auth/auth.service.ts';
import { claimCompletedUploads, type UploadRepository } from './uploads.repository.ts';
import type { UploadsService } from './uploads.service.ts';

const notAnAvatarUpload = () =>
  new AppError('upload_not_found', 'This is not one of your uploaded avatar images', [
    { path: 'avatarUrl', message: 'uploadNotFound' },
  ]);

/**
 * Sets the avatar from the seller's own avatar upload. The URL is only used to find the key:
 * the upload row decides, and its bytes must be stored with the declared size.
 */
export function createAvatarService(deps: {
  db: Database;
  storage: Storage;
  uploads: UploadRepository;
  uploadsService: UploadsService;
}) {
  const { db, storage, uploads: repository, uploadsService } = deps;

  return {
    async setAvatar(sellerId: string, avatarUrl: string): Promise<Profile> {
      const key = storage.keyFromPublicUrl(avatarUrl);
      if (!key) throw notAnAvatarUpload();
      const row = await repository.findOwned(sellerId, key, null);
      if (row?.kind !== 'avatar' || row.state === 'aborted') throw notAnAvatarUpload();
      const publicUrl = storage.publicUrl(key);

      if (row.attachedAt) {
        // A retried call: the avatar is already this image.
        const [seller] = await db.select().from(sellers).where(eq(sellers.id, sellerId));
        if (seller?.avatarUrl === publicUrl) return toProfile(seller);
        throw notAnAvatarUpload();
      }
      if (row.state !== 'completed') await uploadsService.completeSingle(sellerId, key);

      return db.transaction(async (tx) => {
        await claimCompletedUploads(tx, sellerId, [key], 'avatar');
        // The previous avatar image is no longer used: let the sweeper remove it.
        await tx
          .update(uploads)
          .set({ attachedAt: null, expiresAt: new Date() })
          .where(
            and(
              eq(uploads.sellerId, sellerId),
              eq(uploads.kind, 'avatar'),
              isNotNull(uploads.attachedAt),
              ne(uploads.storageKey, key),
            ),
          );
        const [seller] = await tx
          .update(sellers)
          .set({ avatarUrl: publicUrl, updatedAt: new Date() })
          .where(eq(sellers.id, sellerId))
          .returning();
        if (!seller) throw new AppError('unauthorized', 'Sign in to continue');
        return toProfile(seller);
      });
    },
  };
}

export type AvatarService = ReturnType<typeof createAvatarService>;
