import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { Database } from '../../db/client.ts';
import type { JobRow } from '../../db/schema.ts';
import type { JobRepository } from './jobs.repository.ts';

/** How a kind of job is retried: the delay before attempt `n + 1` after attempt `n` failed. */
export interface RetryPolicy {
  maxAttempts: number;
  delayMs(attempt: number): number;
}

/** Doubling delays from `firstMs`, capped at `maxMs`, with ±20 % jitter so retries spread out. */
export function exponentialBackoff(options: {
  maxAttempts: number;
  firstMs: number;
  maxMs: number;
  random?: () => number;
}): RetryPolicy {
  const random = options.random ?? Math.random;
  return {
    maxAttempts: options.maxAttempts,
    delayMs: (attempt) => {
      const base = Math.min(options.maxMs, options.firstMs * 2 ** Math.max(0, attempt - 1));
      return Math.round(base * (0.8 + 0.4 * random()));
    },
  };
}

export interface JobDefinition<Schema extends z.ZodType> {
  kind: string;
  /** Checked when the job runs: a payload that no longer parses fails for good. */
  payload: Schema;
  retry: RetryPolicy;
  handle(payload: z.output<Schema>, job: JobRow): Promise<void>;
}

/** A failure that no retry can fix (the payload names something that is gone). */
export class PermanentJobError extends Error {
  override name = 'PermanentJobError';
}

export interface JobQueueOptions {
  jobs: JobRepository;
  log: Pick<FastifyBaseLogger, 'warn' | 'error' | 'info'>;
  /** How often idle workers look for due jobs (a retry's time, another copy's enqueue). */
  pollIntervalMs?: number;
  /** How long a taken job is ours; after it another worker may take it again. */
  leaseMs?: number;
  /** Jobs run at once by this server copy. */
  concurrency?: number;
}

type AnyDefinition = JobDefinition<z.ZodType>;

/**
 * The durable queue's front (enqueue inside a transaction) and its worker (take due jobs, run
 * their handler, record the outcome). A job is done once: the worker records success right
 * after the handler returns, and only a worker dying between those two steps runs it again.
 */
export function createJobQueue(options: JobQueueOptions) {
  const { jobs, log } = options;
  const pollIntervalMs = options.pollIntervalMs ?? 1000;
  const leaseMs = options.leaseMs ?? 60_000;
  const concurrency = options.concurrency ?? 4;
  const definitions = new Map<string, AnyDefinition>();

  /** The timer runs (between `start` and `stop`). */
  let running = false;
  /** `stop` was called: no new job is taken. */
  let stopping = false;
  let timer: NodeJS.Timeout | undefined;
  let pass: Promise<void> | undefined;
  let again = false;
  const inFlight = new Set<Promise<void>>();

  async function runJob(job: JobRow): Promise<void> {
    const definition = definitions.get(job.kind);
    if (!definition) return;
    try {
      const parsed = definition.payload.safeParse(job.payload);
      if (!parsed.success) throw new PermanentJobError(`invalid payload: ${parsed.error.message}`);
      await definition.handle(parsed.data, job);
      await jobs.markDone(job.id, job.attempts);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const permanent = error instanceof PermanentJobError;
      if (permanent || job.attempts >= definition.retry.maxAttempts) {
        log.error(
          { jobId: job.id, kind: job.kind, attempts: job.attempts, err: error },
          'job failed',
        );
        await jobs.markFailed(job.id, job.attempts, message).catch(() => undefined);
      } else {
        const runAt = new Date(Date.now() + definition.retry.delayMs(job.attempts));
        log.warn(
          { jobId: job.id, kind: job.kind, attempts: job.attempts, runAt, err: error },
          'job will be retried',
        );
        await jobs.markRetry(job.id, job.attempts, runAt, message).catch(() => undefined);
      }
    }
  }

  /** Takes and runs due jobs until none is left or the worker stops. */
  async function drain(): Promise<void> {
    while (!stopping) {
      const free = concurrency - inFlight.size;
      if (free <= 0) {
        await Promise.race(inFlight);
        continue;
      }
      let taken: JobRow[];
      try {
        taken = await jobs.claimDue([...definitions.keys()], free, leaseMs);
      } catch (error) {
        log.warn({ err: error }, 'could not take due jobs');
        return;
      }
      for (const job of taken) {
        const work = runJob(job).finally(() => inFlight.delete(work));
        inFlight.add(work);
      }
      if (taken.length < free) break;
    }
    await Promise.all(inFlight);
  }

  function schedule(delayMs: number) {
    if (!running) return;
    clearTimeout(timer);
    timer = setTimeout(() => void tick(), delayMs);
    timer.unref();
  }

  async function tick(): Promise<void> {
    if (pass) {
      again = true;
      return;
    }
    pass = drain().finally(() => {
      pass = undefined;
    });
    await pass;
    if (again) {
      again = false;
      return tick();
    }
    schedule(pollIntervalMs);
  }

  return {
    register<Schema extends z.ZodType>(definition: JobDefinition<Schema>): void {
      if (definitions.has(definition.kind)) throw new Error(`job kind ${definition.kind} twice`);
      definitions.set(definition.kind, definition as unknown as AnyDefinition);
    },

    /**
     * Writes a job in the caller's transaction (or straight away with the database). Returns
     * false when a job with the same dedupe key exists already.
     */
    async enqueue<Schema extends z.ZodType>(
      executor: Database,
      definition: JobDefinition<Schema>,
      payload: z.input<Schema>,
      options: { dedupeKey?: string; runAt?: Date } = {},
    ): Promise<boolean> {
      return jobs.enqueue(executor, {
        kind: definition.kind,
        payload,
        dedupeKey: options.dedupeKey,
        runAt: options.runAt,
        maxAttempts: definition.retry.maxAttempts,
      });
    },

    /** Looks for due jobs now (after a commit that enqueued some), instead of at the next poll. */
    nudge(): void {
      if (running) schedule(0);
    },

    start(): void {
      if (running) return;
      running = true;
      stopping = false;
      schedule(0);
    },

    /** Stops taking jobs and waits for the running ones to finish. */
    async stop(): Promise<void> {
      running = false;
      stopping = true;
      clearTimeout(timer);
      await pass;
      await Promise.all(inFlight);
    },

    /** Runs every due job once, without the timer (commands and tests). */
    async runDue(): Promise<void> {
      await drain();
    },
  };
}

export type JobQueue = ReturnType<typeof createJobQueue>;
