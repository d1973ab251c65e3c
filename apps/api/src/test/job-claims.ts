import type { z } from 'zod';
import type { DatabaseHandle } from '../db/client.ts';
import type { JobRow } from '../db/schema.ts';
import {
  ClaimLostError,
  createJobQueue,
  type JobClaim,
  type JobDefinition,
  type JobQueue,
} from '../modules/jobs/job-queue.ts';
import { createJobRepository } from '../modules/jobs/jobs.repository.ts';
import type { MailService } from '../modules/mail/mail.service.ts';
import type { MailTransport, OutgoingMail } from '../modules/mail/mail-transport.ts';

/**
 * The claim of a run that stalled past its lease: another worker took its job after the first
 * `heldFor` checks (none by default), and every later `ensure` throws `ClaimLostError`.
 */
export function claimLostAfter(heldFor = 0): JobClaim {
  const lost = new AbortController();
  let checks = 0;
  return {
    signal: lost.signal,
    async ensure() {
      checks += 1;
      if (checks <= heldFor && !lost.signal.aborted) return;
      if (!lost.signal.aborted) lost.abort(new ClaimLostError());
      throw new ClaimLostError();
    },
  };
}

/** A job row as a worker holds it while the handler runs (for handlers called directly). */
export function runningJob(kind: string, payload: unknown): JobRow {
  const now = new Date();
  return {
    id: crypto.randomUUID(),
    kind,
    payload,
    dedupeKey: null,
    state: 'running',
    runAt: now,
    attempts: 1,
    maxAttempts: 8,
    lockedUntil: new Date(now.getTime() + 60_000),
    lastError: null,
    createdAt: now,
    finishedAt: null,
  };
}

/** A mail service and a transport that only write down who each mail went to. */
export function recordingMail(publicUrl = 'https://seller.example.com') {
  const sent: { to: string; template: string }[] = [];
  const mail: MailService = {
    enqueue: async () => false,
    async send(to, template) {
      sent.push({ to, template });
      return { messageId: `<${sent.length}@seller.example.com>` };
    },
    sendSoon() {},
    link: (path) => `${publicUrl}${path}`,
  };
  const transport: MailTransport = {
    kind: 'outbox',
    async send(message: OutgoingMail) {
      sent.push({ to: message.to, template: message.subject });
      return { messageId: `<${sent.length}@seller.example.com>` };
    },
    close() {},
  };
  return { sent, mail, transport };
}

/** Runs a job's handler as a worker would, with `claim`. */
export function runWith<Schema extends z.ZodType>(
  definition: JobDefinition<Schema>,
  payload: z.input<Schema>,
  claim: JobClaim,
): Promise<void> {
  return definition.handle(
    definition.payload.parse(payload),
    runningJob(definition.kind, payload),
    claim,
  );
}

/** A job queue of one more server copy over `database`, its log silent; run with `runDue`. */
export function jobQueueOver(database: DatabaseHandle): JobQueue {
  return createJobQueue({
    jobs: createJobRepository(database),
    log: { warn() {}, error() {}, info() {} },
  });
}
