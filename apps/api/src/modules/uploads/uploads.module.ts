import type { FastifyInstance } from 'fastify';
import type { DataAccess } from '../../db/client.ts';
import { LocalStorage } from '../../storage/local-driver.ts';
import { localStorageRoutes } from '../../storage/local-routes.ts';
import type { Storage } from '../../storage/storage.ts';
import type { AuthService } from '../auth/auth.service.ts';
import { createAvatarService } from './avatar.service.ts';
import { createUploadRepository } from './uploads.repository.ts';
import { uploadsRoutes } from './uploads.routes.ts';
import type { UploadsService } from './uploads.service.ts';

export interface UploadsModuleOptions {
  database: Pick<DataAccess, 'db' | 'transaction'>;
  storage: Storage;
  auth: AuthService;
  uploadsService: UploadsService;
}

/**
 * Upload endpoints, the avatar endpoints and the local driver's signed URLs (when storage is
 * local). The sweep of abandoned uploads is a recurring job (`jobs/sweep-uploads.job.ts`).
 */
export async function uploadsModule(app: FastifyInstance, options: UploadsModuleOptions) {
  const { database, storage, auth, uploadsService } = options;
  const uploads = createUploadRepository(database);
  const avatar = createAvatarService({ storage, auth, uploads, uploadsService });

  if (storage instanceof LocalStorage) {
    await storage.init();
    await app.register(localStorageRoutes, {
      storage,
      mayReplace: (key) => uploadsService.acceptsBytesAgain(key),
    });
  }
  await app.register(uploadsRoutes, { uploads: uploadsService, avatar });
}
