// Removes abandoned uploads once: `npm run uploads:sweep -w @seller/api`.
import { ConfigError, loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { createUploadRepository } from '../modules/uploads/uploads.repository.ts';
import { sweepUploads } from '../modules/uploads/uploads.sweeper.ts';
import { createStorage } from '../storage/create-storage.ts';

try {
  const config = loadConfig();
  const database = await openDatabase(
    config.databaseUrl
      ? { kind: 'postgres', url: config.databaseUrl }
      : { kind: 'pglite', dataDir: config.dataDir },
  );
  try {
    await database.migrate();
    const result = await sweepUploads({
      uploads: createUploadRepository(database.db),
      storage: await createStorage(config.storage),
      ttlHours: config.uploadTtlHours,
      log: { warn: (details: unknown, message?: string) => console.warn(message, details) },
    });
    console.log(
      `swept ${result.swept} abandoned upload(s), ${result.orphans} stray temp file(s), ${result.failed} failure(s)`,
    );
    process.exitCode = result.failed > 0 ? 1 : 0;
  } finally {
    await database.close();
  }
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exitCode = 1;
}
