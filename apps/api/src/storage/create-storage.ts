import type { StorageConfig } from '../config.ts';
import { LocalStorage } from './local-driver.ts';
import { S3Storage } from './s3-driver.ts';
import type { Storage } from './storage.ts';

/** The store chosen by configuration: local disk under DATA_DIR/storage, or S3. */
export function createStorage(config: StorageConfig): Storage {
  if (config.driver === 'local') {
    return new LocalStorage({
      root: config.root,
      signingSecret: config.signingSecret,
      previousSigningSecrets: config.previousSigningSecrets,
      publicBaseUrl: config.publicBaseUrl,
    });
  }
  return new S3Storage(config);
}
