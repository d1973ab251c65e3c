import type { FastifyBaseLogger } from 'fastify';
import type { Storage } from '../../storage/storage.ts';
import type { UploadRepository } from './uploads.repository.ts';

export interface SweepResult {
  /** Upload rows marked aborted whose stored bytes were removed. */
  swept: number;
  /** Rows whose bytes could not be removed (logged; the S3 lifecycle rule is the backstop). */
  failed: number;
  /** Stray temp files of the local driver. */
  orphans: number;
}

const batchSize = 100;
const maxBatches = 100;

/**
 * Removes abandoned uploads: unfinished ones past their expiry, and finished ones nothing
 * attached within the TTL. Each row is marked aborted first (so it can no longer be
 * attached), then its object is deleted or its multipart upload aborted.
 */
export async function sweepUploads(deps: {
  uploads: UploadRepository;
  storage: Storage;
  ttlHours: number;
  now?: () => Date;
  log?: Pick<FastifyBaseLogger, 'warn'>;
}): Promise<SweepResult> {
  const now = deps.now ?? (() => new Date());
  const result: SweepResult = { swept: 0, failed: 0, orphans: 0 };
  for (let batch = 0; batch < maxBatches; batch++) {
    const rows = await deps.uploads.claimExpired(now(), batchSize);
    for (const row of rows) {
      try {
        if (row.multipartUploadId && row.state !== 'completed') {
          await deps.storage.abortMultipartUpload(row.storageKey, row.multipartUploadId);
        }
        await deps.storage.delete(row.storageKey);
        result.swept += 1;
      } catch (error) {
        result.failed += 1;
        deps.log?.warn({ err: error, uploadId: row.id }, 'could not remove an abandoned upload');
      }
    }
    if (rows.length < batchSize) break;
  }
  if (deps.storage.sweepOrphans) {
    result.orphans = await deps.storage.sweepOrphans(deps.ttlHours * 60 * 60 * 1000);
  }
  return result;
}
