import type { FastifyBaseLogger } from 'fastify';
import { type RecurringJobDefinition, recurringRetry, slotPayload } from '../job-queue.ts';
import type { JobRepository } from '../jobs.repository.ts';

export const purgeFinishedJobsKind = 'purge-finished-jobs';

/** Finished jobs are kept this long (the delivery log reads them), then purged. */
export const keepFinishedDays = 7;

/**
 * A job of a kind no worker registers is failed once it has waited this long. The wait leaves
 * room for a deploy: a kind enqueued by copies already running the new release is not failed by
 * an older copy that does not know it yet, since the new copies' workers take it long before.
 */
export const unknownKindGraceHours = 24;

const hourMs = 60 * 60 * 1000;

/**
 * Removes finished jobs past their time: their payloads (addresses) are not kept for ever. First
 * it fails the jobs of kinds that no worker runs any more (a kind renamed or removed, such as the
 * old `purge-activity`): nothing would ever take them, so they would stay queued for ever; failed,
 * they show their kind in `last_error`, and go with the finished jobs a week later.
 */
export function createPurgeFinishedJobsJob(deps: {
  jobs: JobRepository;
  /** The kinds this worker runs (the queue's registered kinds, known once every module registered). */
  knownKinds: () => readonly string[];
  log: Pick<FastifyBaseLogger, 'warn'>;
  now?: () => Date;
}): RecurringJobDefinition {
  const now = deps.now ?? (() => new Date());
  return {
    kind: purgeFinishedJobsKind,
    payload: slotPayload,
    retry: recurringRetry,
    async handle() {
      const at = now();
      const failed = await deps.jobs.failUnknownKinds(
        deps.knownKinds(),
        new Date(at.getTime() - unknownKindGraceHours * hourMs),
        at,
      );
      for (const { kind, count } of failed) {
        deps.log.warn({ kind, count }, 'failed jobs of a kind no worker runs');
      }
      await deps.jobs.purgeFinished(new Date(at.getTime() - keepFinishedDays * 24 * hourMs));
    },
  };
}
