import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
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

/**
 * A running job's hold on its row. The worker renews it while the handler runs; a worker that
 * stalls past its lease may find that another took the job meanwhile, and from then on its
 * run must change nothing.
 */
export interface JobClaim {
  /** Aborted once the claim is found lost. */
  readonly signal: AbortSignal;
  /**
   * Renews the claim, or throws `ClaimLostError` when another worker holds the job now. Called
   * before each side effect; given the transaction of the effect, it keeps the job's row
   * locked until that transaction ends, so that no worker takes the job before the commit.
   */
  ensure(executor?: Database): Promise<void>;
}

export interface JobDefinition<Schema extends z.ZodType> {
  kind: string;
  /** Checked when the job runs: a payload that no longer parses fails for good. */
  payload: Schema;
  retry: RetryPolicy;
  /**
   * How long a claim lasts between renewals (the queue's lease when absent). Longer for a job
   * that may hold the event loop or wait on one slow call (building a large file).
   */
  leaseMs?: number;
  handle(payload: z.output<Schema>, job: JobRow, claim: JobClaim): Promise<void>;
  /**
   * Records that the job failed for good, in the transaction that fails it: after its last
   * attempt, on a permanent error, or when its worker died during the last attempt.
   */
  onFailed?(executor: Database, payload: z.output<Schema>, error: string): Promise<void>;
}

/** A failure that no retry can fix (the payload names something that is gone). */
export class PermanentJobError extends Error {
  override name = 'PermanentJobError';
}

/** The run's claim was taken by another worker: it stops, and its outcome is not recorded. */
export class ClaimLostError extends Error {
  override name = 'ClaimLostError';
  constructor() {
    super('another worker took the job after its lease ran out');
  }
}

/** What a job that took its worker down during its last attempt fails with. */
export const abandonedJobError = 'the worker stopped during the last attempt';

/** What a recurring job receives: the slot it runs for (an interval's start or a local day). */
export const slotPayload = z.object({ slot: z.string() });
export type RecurringJobDefinition = JobDefinition<typeof slotPayload>;

/**
 * A recurring job's retries: a slot that failed (the database away) is tried again for about
 * an hour and a half, so that a daily one is not lost to a short outage.
 */
export const recurringRetry = exponentialBackoff({
  maxAttempts: 8,
  firstMs: 60_000,
  maxMs: 30 * 60_000,
});

/**
 * When a recurring job runs: every so many minutes (slots counted from the Unix epoch, so
 * every copy agrees on them), or once a day at a local time of the server's time zone.
 */
export type Schedule =
  | { kind: string; everyMinutes: number }
  | { kind: string; dailyAt: { hour: number; minute: number } };

/** `YYYY-MM-DD`, hour and minute of an instant in a time zone. */
function localTime(at: Date, timeZone: string): { day: string; minutes: number } {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(at);
  const part = (type: string) => parts.find((entry) => entry.type === type)?.value ?? '';
  return {
    day: `${part('year')}-${part('month')}-${part('day')}`,
    minutes: Number(part('hour')) * 60 + Number(part('minute')),
  };
}

/**
 * The latest slot of a schedule that has begun at `at`: the start of the current interval
 * (ISO), or the local day whose run time has passed (`YYYY-MM-DD`, yesterday before it).
 */
export function currentSlot(schedule: Schedule, at: Date, timeZone: string): string {
  if ('everyMinutes' in schedule) {
    const length = schedule.everyMinutes * 60_000;
    return new Date(Math.floor(at.getTime() / length) * length).toISOString();
  }
  const { day, minutes } = localTime(at, timeZone);
  if (minutes >= schedule.dailyAt.hour * 60 + schedule.dailyAt.minute) return day;
  const before = new Date(`${day}T12:00:00Z`);
  before.setUTCDate(before.getUTCDate() - 1);
  return before.toISOString().slice(0, 10);
}

export interface JobQueueOptions {
  jobs: JobRepository;
  log: Pick<FastifyBaseLogger, 'warn' | 'error' | 'info'>;
  /** How often idle workers look for due jobs (a retry's time, another copy's enqueue). */
  pollIntervalMs?: number;
  /**
   * How long a taken job is ours unless its kind says otherwise; the worker renews it at a
   * third of it while the job runs, and after it another worker may take the job again.
   */
  leaseMs?: number;
  /** Jobs run at once by this server copy. */
  concurrency?: number;
  /** The recurring jobs: the worker enqueues each slot once, and one copy runs it. */
  schedules?: readonly Schedule[];
  /** The zone of the daily schedules' local times. */
  timeZone?: string;
  /** The clock the schedules go by (tests move it; the system clock otherwise). */
  now?: () => Date;
}

type AnyDefinition = JobDefinition<z.ZodType>;

/**
 * The durable queue's front (enqueue inside a transaction) and its worker (take due jobs, run
 * their handler, record the outcome). A job is done once: the worker records success right
 * after the handler returns, and only a worker dying between those two steps runs it again.
 * A job runs once at a time: its worker renews the claim while the handler runs, and a run
 * whose claim another worker took (it stalled past the lease) stops at its next
 * `claim.ensure()` and records nothing.
 */
export function createJobQueue(options: JobQueueOptions) {
  const { jobs, log } = options;
  const pollIntervalMs = options.pollIntervalMs ?? 1000;
  const leaseMs = options.leaseMs ?? 60_000;
  const concurrency = options.concurrency ?? 4;
  const schedules = options.schedules ?? [];
  const timeZone = options.timeZone ?? 'UTC';
  const now = options.now ?? (() => new Date());
  const definitions = new Map<string, AnyDefinition>();
  /** The slot each schedule last enqueued from this copy: one insert per slot, not per poll. */
  const enqueuedSlots = new Map<string, string>();

  /** The timer runs (between `start` and `stop`). */
  let running = false;
  /** `stop` was called: no new job is taken. */
  let stopping = false;
  let timer: NodeJS.Timeout | undefined;
  let pass: Promise<void> | undefined;
  let again = false;
  const inFlight = new Set<Promise<void>>();

  function leaseOf(definition: AnyDefinition): number {
    return definition.leaseMs ?? leaseMs;
  }

  /**
   * Fails the job for good and lets its definition record it, in one transaction; nothing
   * when the claim was lost meanwhile (the job belongs to another run).
   */
  async function failForGood(
    job: JobRow,
    definition: AnyDefinition,
    payload: { value: unknown } | undefined,
    message: string,
  ): Promise<void> {
    await jobs.transaction(async (tx) => {
      if (!(await jobs.markFailed(job.id, job.attempts, message, tx))) return;
      if (payload && definition.onFailed) await definition.onFailed(tx, payload.value, message);
    });
  }

  async function runJob(job: JobRow): Promise<void> {
    const definition = definitions.get(job.kind);
    if (!definition) return;
    const lease = leaseOf(definition);
    const lost = new AbortController();
    const loseClaim = () => {
      if (!lost.signal.aborted) lost.abort(new ClaimLostError());
    };
    const claim: JobClaim = {
      signal: lost.signal,
      async ensure(executor) {
        if (!lost.signal.aborted && (await jobs.renew(job.id, job.attempts, lease, executor))) {
          return;
        }
        loseClaim();
        throw new ClaimLostError();
      },
    };
    // The heartbeat: the claim outlives a run longer than the lease, as long as the worker lives.
    const heartbeat = setInterval(() => {
      jobs.renew(job.id, job.attempts, lease).then(
        (held) => {
          if (!held) loseClaim();
        },
        (error: unknown) => log.warn({ jobId: job.id, err: error }, 'could not renew a job'),
      );
    }, lease / 3);
    heartbeat.unref();
    let payload: { value: unknown } | undefined;
    try {
      const parsed = definition.payload.safeParse(job.payload);
      if (!parsed.success) throw new PermanentJobError(`invalid payload: ${parsed.error.message}`);
      payload = { value: parsed.data };
      await definition.handle(parsed.data, job, claim);
      clearInterval(heartbeat);
      if (!lost.signal.aborted) await jobs.markDone(job.id, job.attempts);
    } catch (error) {
      clearInterval(heartbeat);
      if (error instanceof ClaimLostError || lost.signal.aborted) {
        log.warn(
          { jobId: job.id, kind: job.kind, attempts: job.attempts },
          'job stopped: another worker took it after its lease ran out',
        );
        return;
      }
      const message = error instanceof Error ? error.message : String(error);
      const permanent = error instanceof PermanentJobError;
      if (permanent || job.attempts >= definition.retry.maxAttempts) {
        log.error(
          { jobId: job.id, kind: job.kind, attempts: job.attempts, err: error },
          'job failed',
        );
        await failForGood(job, definition, payload, message).catch((failure: unknown) => {
          // The claim runs out and the job is failed as abandoned, by this or another worker.
          log.warn({ jobId: job.id, err: failure }, 'could not record a failed job');
        });
      } else {
        const delayMs = definition.retry.delayMs(job.attempts);
        const runAt = new Date(Date.now() + delayMs);
        log.warn(
          { jobId: job.id, kind: job.kind, attempts: job.attempts, runAt, err: error },
          'job will be retried',
        );
        await jobs.markRetry(job.id, job.attempts, delayMs, message).catch(() => undefined);
      }
    }
  }

  /**
   * Fails the jobs whose worker died (or stalled past the lease) during their last attempt, each
   * with its definition's record of the failure in the same transaction: a job that takes the
   * process down is not taken again for ever, and its owner learns it failed.
   */
  async function failAbandoned(): Promise<void> {
    await jobs.transaction(async (tx) => {
      const failed = await jobs.failAbandoned(tx, [...definitions.keys()], abandonedJobError);
      for (const job of failed) {
        log.error({ jobId: job.id, kind: job.kind, attempts: job.attempts }, 'job failed');
        const definition = definitions.get(job.kind);
        const parsed = definition?.payload.safeParse(job.payload);
        if (definition?.onFailed && parsed?.success) {
          await definition.onFailed(tx, parsed.data, abandonedJobError);
        }
      }
    });
  }

  /**
   * Takes due jobs and starts them, as many as `concurrency` allows, until none is left or the
   * worker stops. It does not wait for them to finish: a long job (a sweep) does not hold back
   * the next poll's mail.
   */
  async function drain(): Promise<void> {
    try {
      await failAbandoned();
    } catch (error) {
      log.warn({ err: error }, 'could not fail the abandoned jobs');
    }
    const claimable = [...definitions.values()].map((definition) => ({
      kind: definition.kind,
      leaseMs: leaseOf(definition),
    }));
    while (!stopping) {
      const free = concurrency - inFlight.size;
      if (free <= 0) {
        await Promise.race(inFlight);
        continue;
      }
      let taken: JobRow[];
      try {
        taken = await jobs.claimDue(claimable, free);
      } catch (error) {
        log.warn({ err: error }, 'could not take due jobs');
        break;
      }
      for (const job of taken) {
        const work = runJob(job).finally(() => inFlight.delete(work));
        inFlight.add(work);
      }
      if (taken.length < free) break;
    }
  }

  /** Enqueues the slot each schedule is in, once across copies (the slot is the dedupe key). */
  async function enqueueSlots(): Promise<number> {
    let added = 0;
    const at = now();
    for (const schedule of schedules) {
      const slot = currentSlot(schedule, at, timeZone);
      if (enqueuedSlots.get(schedule.kind) === slot) continue;
      const definition = definitions.get(schedule.kind);
      if (!definition) continue;
      const inserted = await jobs.insert({
        kind: schedule.kind,
        payload: { slot },
        dedupeKey: `schedule:${schedule.kind}:${slot}`,
        maxAttempts: definition.retry.maxAttempts,
      });
      enqueuedSlots.set(schedule.kind, slot);
      if (inserted) added += 1;
    }
    return added;
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
    pass = enqueueSlots()
      .catch((error: unknown) => {
        log.warn({ err: error }, 'could not enqueue the scheduled jobs');
      })
      .then(drain)
      .finally(() => {
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

    /** The kinds of job this queue runs (registered so far). */
    kinds(): string[] {
      return [...definitions.keys()];
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

    /**
     * Writes many jobs of one kind in the caller's transaction; each may have its own time and
     * dedupe key. How many were new.
     */
    enqueueMany<Schema extends z.ZodType>(
      executor: Database,
      definition: JobDefinition<Schema>,
      items: readonly { payload: z.input<Schema>; dedupeKey?: string; runAt?: Date }[],
    ): Promise<number> {
      return jobs.enqueueMany(
        executor,
        items.map((item) => ({
          kind: definition.kind,
          payload: item.payload,
          dedupeKey: item.dedupeKey,
          runAt: item.runAt,
          maxAttempts: definition.retry.maxAttempts,
        })),
      );
    },

    /** Looks for due jobs now (after a commit that enqueued some), instead of at the next poll. */
    nudge(): void {
      if (running) schedule(0);
    },

    start(): void {
      for (const schedule of schedules) {
        if (!definitions.has(schedule.kind)) {
          throw new Error(`scheduled job kind ${schedule.kind} is not registered`);
        }
      }
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

    /**
     * Runs every due job, and those they enqueue, without the timer (commands and tests): once
     * it returns, the jobs that were due, and any pass of the timer, are finished.
     */
    async runDue(): Promise<void> {
      for (;;) {
        // One pass at a time: a job the timer's pass took is in flight once that pass is over.
        while (pass) await pass;
        pass = drain().finally(() => {
          pass = undefined;
        });
        await pass;
        if (inFlight.size === 0) break;
        // What finishes may have enqueued more, or be due again at once.
        await Promise.race(inFlight);
      }
      // A timer tick that came meanwhile left its turn to this pass: give it back.
      if (again) {
        again = false;
        schedule(0);
      }
    },

    /** Enqueues the scheduled jobs whose slot has come; the number new (tests, commands). */
    enqueueSlots,
  };
}

export type JobQueue = ReturnType<typeof createJobQueue>;
