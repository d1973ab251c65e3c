import { type RecurringJobDefinition, recurringRetry, slotPayload } from '../job-queue.ts';
import type { JobRepository } from '../jobs.repository.ts';

export const purgeFinishedJobsKind = 'purge-finished-jobs';

/** Finished jobs are kept this long (the delivery log reads them), then purged. */
export const keepFinishedDays = 7;

/** Removes finished jobs past their time: their payloads (addresses) are not kept for ever. */
export function createPurgeFinishedJobsJob(deps: {
  jobs: JobRepository;
  now?: () => Date;
}): RecurringJobDefinition {
  const now = deps.now ?? (() => new Date());
  return {
    kind: purgeFinishedJobsKind,
    payload: slotPayload,
    retry: recurringRetry,
    async handle() {
      await deps.jobs.purgeFinished(
        new Date(now().getTime() - keepFinishedDays * 24 * 60 * 60 * 1000),
      );
    },
  };
}
