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
import { sweepUploads } from './uploads.sweeper.ts';

export interface UploadsModuleOptions {
  database: Pick<DataAccess, 'db' | 'transaction'>;
  storage: Storage;
  auth: AuthService;
  uploadsService: UploadsService;
  ttlHours: number;
  /** 0 turns the sweeper timer off. */
  sweepIntervalMinutes: number;
}

/**
 * Upload endpoints, the avatar endpoints, the local driver's signed URLs (when storage is
 * local) and the sweeper timer, stopped when the app closes.
 */
export async function uploadsModule(app: FastifyInstance, options: UploadsModuleOptions) {
  const { database, storage, ttlHours, auth, uploadsService } = options;
  const uploads = createUploadRepository(database);
  const avatar = createAvatarService({ storage, auth, uploads, uploadsService });

  if (storage instanceof LocalStorage) {
    await storage.init();
    await app.register(localStorageRoutes, { storage });
  }
  await app.register(uploadsRoutes, { uploads: uploadsService, avatar });

  if (options.sweepIntervalMinutes > 0) {
    let running = false;
    const timer = setInterval(async () => {
      if (running) return;
      running = true;
      try {
        const result = await sweepUploads({ uploads, storage, ttlHours, log: app.log });
        if (result.swept + result.orphans > 0) app.log.info(result, 'swept abandoned uploads');
      } catch (error) {
        app.log.warn({ err: error }, 'upload sweep failed');
      } finally {
        running = false;
      }
    }, options.sweepIntervalMinutes * 60_000);
    timer.unref();
    app.addHook('onClose', async () => clearInterval(timer));
  }
}
