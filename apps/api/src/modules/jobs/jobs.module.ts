import type { FastifyInstance } from 'fastify';
import type { DataAccess } from '../../db/client.ts';
import { createJobQueue, type JobQueue, type Schedule } from './job-queue.ts';
import { createPurgeFinishedJobsJob } from './jobs/purge-finished-jobs.job.ts';
import { createJobRepository } from './jobs.repository.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The durable job queue of this server copy (mail, webhooks, the recurring jobs). */
    jobQueue: JobQueue;
  }
}

/**
 * The queue's worker runs while the server does: it starts once every module has registered
 * its kinds of job (and fails to start if a scheduled kind has none), enqueues the recurring
 * jobs' slots as they come, and the server waits for the jobs in hand when it closes. A copy
 * without the worker only enqueues.
 */
export function createJobsModule(
  database: Pick<DataAccess, 'db' | 'transaction'>,
  app: FastifyInstance,
  options: {
    worker: boolean;
    schedules: readonly Schedule[];
    timeZone: string;
    clock?: (() => Date) | undefined;
  },
): JobQueue {
  const jobs = createJobRepository(database);
  const queue = createJobQueue({
    jobs,
    log: app.log,
    schedules: options.schedules,
    timeZone: options.timeZone,
    ...(options.clock ? { now: options.clock } : {}),
  });
  queue.register(
    createPurgeFinishedJobsJob({
      jobs,
      knownKinds: () => queue.kinds(),
      log: app.log,
    }),
  );
  app.decorate('jobQueue', queue);
  if (options.worker) {
    app.addHook('onReady', async () => {
      queue.start();
    });
  }
  app.addHook('onClose', () => queue.stop());
  return queue;
}
