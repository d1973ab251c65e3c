import { type RecurringJobDefinition, recurringRetry, slotPayload } from '../../jobs/job-queue.ts';
import type { ActivityService } from '../activity.service.ts';

export const purgeActivityKind = 'purge-activity';

/** Deletes the security events older than a year, as of the slot it runs for. */
export function createPurgeActivityJob(deps: {
  activity: Pick<ActivityService, 'purgeExpired'>;
}): RecurringJobDefinition {
  return {
    kind: purgeActivityKind,
    payload: slotPayload,
    retry: recurringRetry,
    async handle({ slot }) {
      await deps.activity.purgeExpired(new Date(slot));
    },
  };
}
