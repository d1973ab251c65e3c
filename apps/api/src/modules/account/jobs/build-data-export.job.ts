import { z } from 'zod';
import type { Database } from '../../../db/client.ts';
import type { JobRow } from '../../../db/schema.ts';
import { exponentialBackoff, type JobClaim, type JobDefinition } from '../../jobs/job-queue.ts';

export const buildDataExportKind = 'build-data-export';
export const buildDataExportPayload = z.object({ exportId: z.string() });

/**
 * A build's claim lasts half an hour between renewals: gathering and zipping a large account
 * may hold the event loop, or wait on a slow store, far longer than a mail does.
 */
export const buildDataExportLeaseMs = 30 * 60_000;

/**
 * Builds a requested export's ZIP file, stores it and mails the seller. A failure is tried
 * again a few times; after the last (or when every attempt took its worker down) the export
 * shows as failed and the seller may ask anew.
 */
export function createBuildDataExportJob(deps: {
  /** Builds the export as this attempt, which checks its claim before each side effect. */
  build(exportId: string, run: { attempt: number; claim: JobClaim }): Promise<void>;
  /** Marks the export failed, in the transaction that fails its job. */
  fail(executor: Database, exportId: string, error: string): Promise<void>;
}): JobDefinition<typeof buildDataExportPayload> {
  return {
    kind: buildDataExportKind,
    payload: buildDataExportPayload,
    retry: exponentialBackoff({ maxAttempts: 4, firstMs: 30_000, maxMs: 10 * 60_000 }),
    leaseMs: buildDataExportLeaseMs,
    async handle({ exportId }, job: JobRow, claim) {
      await deps.build(exportId, { attempt: job.attempts, claim });
    },
    onFailed: (executor, { exportId }, error) => deps.fail(executor, exportId, error),
  };
}
