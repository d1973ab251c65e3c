import { createUploadRepository } from '../modules/uploads/uploads.repository.ts';
import { sweepUploads } from '../modules/uploads/uploads.sweeper.ts';
import { createStorage } from '../storage/create-storage.ts';
import { runCommand } from './command-context.ts';

// npm run uploads:sweep
// Removes abandoned uploads once, for a cron job when the server's own timer is off.
await runCommand(async ({ config, database }) => {
  const result = await sweepUploads({
    uploads: createUploadRepository(database),
    storage: await createStorage(config.storage),
    ttlHours: config.uploadTtlHours,
    log: { warn: (details: unknown, message?: string) => console.warn(message, details) },
  });
  const summary = `swept ${result.swept} abandoned upload(s), ${result.orphans} stray temp file(s), ${result.failed} failure(s)`;
  // A failure exits with 1, so that cron reports it.
  if (result.failed > 0) throw new Error(summary);
  return summary;
});
