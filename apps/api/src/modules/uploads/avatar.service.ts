import type { Profile } from '@seller/contract/auth/get-profile';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Storage } from '../../storage/storage.ts';
import type { SellerRepository } from '../auth/auth.repository.ts';
import { toProfile } from '../auth/auth.service.ts';
import type { UploadRepository } from './uploads.repository.ts';
import type { UploadsService } from './uploads.service.ts';

const notAnAvatarUpload = () =>
  new AppError('upload_not_found', 'This is not one of your uploaded avatar images', [
    { path: 'avatarUrl', code: 'uploadNotFound' },
  ]);

/**
 * Sets the avatar from the seller's own avatar upload. The URL is only used to find the key:
 * the upload row decides, and its bytes must be stored as granted.
 */
export function createAvatarService(deps: {
  db: Database;
  storage: Storage;
  sellers: SellerRepository;
  uploads: UploadRepository;
  uploadsService: UploadsService;
}) {
  const { db, storage, sellers, uploads, uploadsService } = deps;

  return {
    async setAvatar(sellerId: string, avatarUrl: string): Promise<Profile> {
      const key = storage.keyFromPublicUrl(avatarUrl);
      if (!key) throw notAnAvatarUpload();
      const row = await uploads.findOwned(sellerId, key, null);
      if (row?.kind !== 'avatar' || row.state === 'aborted') throw notAnAvatarUpload();
      const publicUrl = storage.publicUrl(key);

      if (row.attachedAt) {
        // A retried call: the avatar is already this image.
        const seller = await sellers.findById(sellerId);
        if (seller?.avatarUrl === publicUrl) return toProfile(seller);
        throw notAnAvatarUpload();
      }

      return db.transaction(async (tx) => {
        await uploadsService.claim(tx, sellerId, [key], 'avatar');
        // The previous avatar image is no longer used: the sweeper removes it.
        await uploads.releaseOtherAvatars(tx, sellerId, key);
        const seller = await sellers.setAvatar(sellerId, publicUrl, tx);
        if (!seller) throw new AppError('unauthorized', 'Sign in to continue');
        return toProfile(seller);
      });
    },
  };
}

export type AvatarService = ReturnType<typeof createAvatarService>;
