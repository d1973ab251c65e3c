import { z } from 'zod';
import type { Storage } from '../../../storage/storage.ts';
import { exponentialBackoff, type JobDefinition } from '../../jobs/job-queue.ts';

export const removeAccountFilesKind = 'remove-account-files';

/** The stored objects of a deleted account that nobody is owed, captured when it was deleted. */
export const removeAccountFilesPayload = z.object({ keys: z.array(z.string()) });

/**
 * After an account is deleted: removes the files and images of its products that never sold,
 * its avatar and its data exports. Deleting a missing object is no error, so a retry simply
 * goes over the list again.
 */
export function createRemoveAccountFilesJob(deps: {
  storage: Pick<Storage, 'delete'>;
}): JobDefinition<typeof removeAccountFilesPayload> {
  return {
    kind: removeAccountFilesKind,
    payload: removeAccountFilesPayload,
    retry: exponentialBackoff({ maxAttempts: 10, firstMs: 60_000, maxMs: 60 * 60_000 }),
    async handle({ keys }) {
      for (const key of keys) await deps.storage.delete(key);
    },
  };
}
