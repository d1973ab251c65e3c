import type { StorageConfig } from '../config.ts';
import { LocalStorage } from './local-driver.ts';
import type { Storage } from './storage.ts';

/** The store chosen by configuration: local disk under DATA_DIR/storage, or S3. */
export async function createStorage(config: StorageConfig): Promise<Storage> {
  if (config.driver === 'local') {
    return new LocalStorage({
      root: config.root,
      signingSecret: config.signingSecret,
      previousSigningSecrets: config.previousSigningSecrets,
      publicBaseUrl: config.publicBaseUrl,
    });
  }
  // The AWS SDK takes ~0.3 s to load: only when S3 is configured (issue 6, cold start).
  const { S3Storage } = await import('./s3-driver.ts');
  return new S3Storage(config);
}
