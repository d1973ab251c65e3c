import type { FastifyBaseLogger } from 'fastify';
import type { Storage } from '../../../storage/storage.ts';
import { type RecurringJobDefinition, recurringRetry, slotPayload } from '../../jobs/job-queue.ts';
import type { UploadRepository } from '../uploads.repository.ts';
import { sweepUploads } from '../uploads.sweeper.ts';

export const sweepUploadsKind = 'sweep-uploads';

/** Removes abandoned uploads and the local driver's stray temp files. */
export function createSweepUploadsJob(deps: {
  uploads: UploadRepository;
  storage: Storage;
  ttlHours: number;
  log: Pick<FastifyBaseLogger, 'warn' | 'info'>;
}): RecurringJobDefinition {
  return {
    kind: sweepUploadsKind,
    payload: slotPayload,
    retry: recurringRetry,
    async handle() {
      const result = await sweepUploads(deps);
      if (result.swept + result.orphans > 0) deps.log.info(result, 'swept abandoned uploads');
    },
  };
}
