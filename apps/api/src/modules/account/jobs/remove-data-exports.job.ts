import type { FastifyBaseLogger } from 'fastify';
import { type RecurringJobDefinition, recurringRetry, slotPayload } from '../../jobs/job-queue.ts';

export const removeDataExportsKind = 'remove-data-exports';

/** Removes the files of exports offered for their 24 hours, and of exports a newer one replaced. */
export function createRemoveDataExportsJob(deps: {
  removeExpiredExports(): Promise<number>;
  log: Pick<FastifyBaseLogger, 'info'>;
}): RecurringJobDefinition {
  return {
    kind: removeDataExportsKind,
    payload: slotPayload,
    retry: recurringRetry,
    async handle() {
      const removed = await deps.removeExpiredExports();
      if (removed > 0) deps.log.info({ removed }, 'removed expired data exports');
    },
  };
}
