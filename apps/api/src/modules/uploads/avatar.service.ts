import type { Profile } from '@seller/contract/auth/get-profile';
import { AppError } from '../../lib/app-error.ts';
import type { Storage } from '../../storage/storage.ts';
import type { AuthService } from '../auth/auth.service.ts';
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
  storage: Storage;
  auth: Pick<AuthService, 'profile' | 'setAvatar'>;
  uploads: UploadRepository;
  uploadsService: UploadsService;
}) {
  const { storage, auth, uploads, uploadsService } = deps;

  return {
    async setAvatar(sellerId: string, avatarUrl: string): Promise<Profile> {
      const key = storage.keyFromPublicUrl(avatarUrl);
      if (!key) throw notAnAvatarUpload();
      const row = await uploads.findOwned(sellerId, key, null);
      if (row?.kind !== 'avatar' || row.state === 'aborted') throw notAnAvatarUpload();
      const publicUrl = storage.publicUrl(key);

      if (row.attachedAt) {
        // A retried call: the avatar is already this image.
        const profile = await auth.profile(sellerId);
        if (profile.avatarUrl === publicUrl) return profile;
        throw notAnAvatarUpload();
      }

      return uploads.transaction(async (tx) => {
        await uploadsService.claim(tx, sellerId, [key], 'avatar');
        // The previous avatar image is no longer used: the sweeper removes it.
        await uploads.releaseOtherAvatars(tx, sellerId, key);
        return auth.setAvatar(tx, sellerId, publicUrl);
      });
    },
  };
}

export type AvatarService = ReturnType<typeof createAvatarService>;
