import type { StorageConfig } from '../config.ts';
import { LocalStorage } from './local-driver.ts';
import type { Storage } from './storage.ts';

/** The store chosen by configuration: local disk under DATA_DIR/storage, or S3. */
export async function createStorage(config: StorageConfig): Promise<Storage> {
  if (config.driver === 'local') {
    return new LocalStorage(config);
  }
  // The AWS SDK takes ~0.3 s to load, a good part of a cold start: only when S3 is configured.
  const { S3Storage } = await import('./s3-driver.ts');
  return new S3Storage(config);
}
