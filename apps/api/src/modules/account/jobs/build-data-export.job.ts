import { z } from 'zod';
import type { JobRow } from '../../../db/schema.ts';
import { exponentialBackoff, type JobDefinition } from '../../jobs/job-queue.ts';

export const buildDataExportKind = 'build-data-export';
export const buildDataExportPayload = z.object({ exportId: z.string() });

/**
 * Builds a requested export's ZIP file, stores it and mails the seller. A failure is tried
 * again a few times; after the last the export shows as failed and the seller may ask anew.
 */
export function createBuildDataExportJob(deps: {
  build(exportId: string): Promise<void>;
  fail(exportId: string, error: unknown): Promise<void>;
}): JobDefinition<typeof buildDataExportPayload> {
  const retry = exponentialBackoff({ maxAttempts: 4, firstMs: 30_000, maxMs: 10 * 60_000 });
  return {
    kind: buildDataExportKind,
    payload: buildDataExportPayload,
    retry,
    async handle({ exportId }, job: JobRow) {
      try {
        await deps.build(exportId);
      } catch (error) {
        if (job.attempts >= retry.maxAttempts) await deps.fail(exportId, error);
        throw error;
      }
    },
  };
}
