import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client.ts';
import { createJobQueue, type JobQueue } from './job-queue.ts';
import { createJobRepository } from './jobs.repository.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The durable job queue of this server copy (mail, webhooks). */
    jobQueue: JobQueue;
  }
}

/** Finished jobs are kept this long (the delivery log reads them), then purged. */
const keepFinishedDays = 7;

/**
 * The queue's worker runs while the server does: it starts once every module has registered
 * its kinds of job, and the server waits for the jobs in hand when it closes.
 */
export function createJobsModule(
  db: Database,
  app: FastifyInstance,
  options: { worker: boolean },
): JobQueue {
  const jobs = createJobRepository(db);
  const queue = createJobQueue({ jobs, log: app.log });
  app.decorate('jobQueue', queue);
  if (options.worker) {
    app.addHook('onReady', async () => {
      queue.start();
    });
  }
  app.addHook('onClose', () => queue.stop());

  const purge = setInterval(
    () => {
      const before = new Date(Date.now() - keepFinishedDays * 24 * 60 * 60 * 1000);
      jobs.purgeFinished(before).catch((error: unknown) => {
        app.log.warn({ err: error }, 'could not purge finished jobs');
      });
    },
    60 * 60 * 1000,
  );
  purge.unref();
  app.addHook('onClose', async () => clearInterval(purge));
  return queue;
}
