import type { FastifyBaseLogger } from 'fastify';
import { type RecurringJobDefinition, recurringRetry, slotPayload } from '../../jobs/job-queue.ts';
import type { ActivityService } from '../activity.service.ts';
import type { SessionService } from '../sessions.service.ts';

export const purgeSessionsAndActivityKind = 'purge-sessions-and-activity';

/** Rows one statement deletes: a backlog of any size goes in short statements. */
export const purgeBatchSize = 1000;

/**
 * Deletes what the account's security history keeps no longer: sessions that ended (signed out
 * or expired) more than a month ago, and security events older than a year.
 */
export function createPurgeSessionsAndActivityJob(deps: {
  sessions: Pick<SessionService, 'purgeEnded'>;
  activity: Pick<ActivityService, 'purgeExpired'>;
  log: Pick<FastifyBaseLogger, 'info'>;
  batchSize?: number;
}): RecurringJobDefinition {
  const batchSize = deps.batchSize ?? purgeBatchSize;
  return {
    kind: purgeSessionsAndActivityKind,
    payload: slotPayload,
    retry: recurringRetry,
    async handle() {
      const sessions = await deps.sessions.purgeEnded(batchSize);
      const events = await deps.activity.purgeExpired(batchSize);
      if (sessions + events > 0) {
        deps.log.info({ sessions, events }, 'purged ended sessions and old activity');
      }
    },
  };
}
