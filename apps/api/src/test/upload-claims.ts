import type { UploadKind } from '@seller/contract/upload-types';
import type { ClaimedUpload } from '../modules/uploads/uploads.repository.ts';
import { createUploadRepository } from '../modules/uploads/uploads.repository.ts';
import { createUploadsService } from '../modules/uploads/uploads.service.ts';
import { createStorage } from '../storage/create-storage.ts';
import type { TestApp } from './test-app.ts';

/**
 * Attaches uploads the way product saves and the avatar call do (the uploads service's
 * `claim`, in a transaction of its own), for tests of the claim rules themselves.
 */
export async function uploadClaimer(t: TestApp) {
  const service = createUploadsService({
    uploads: createUploadRepository(t.database),
    storage: await createStorage(t.config.storage),
    ttlHours: t.config.uploadTtlHours,
  });
  return (sellerId: string, keys: string[], kind: UploadKind): Promise<ClaimedUpload[]> =>
    t.database.transaction((tx) => service.claim(tx, sellerId, keys, kind));
}
