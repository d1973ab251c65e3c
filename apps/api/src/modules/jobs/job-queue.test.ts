import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { DatabaseHandle } from '../../db/client.ts';
import { jobs } from '../../db/schema.ts';
import { openTestDatabase } from '../../test/test-database.ts';
import {
  abandonedJobError,
  ClaimLostError,
  createJobQueue,
  currentSlot,
  exponentialBackoff,
  type JobClaim,
  type JobQueue,
  PermanentJobError,
  type Schedule,
  slotPayload,
} from './job-queue.ts';
import {
  createPurgeFinishedJobsJob,
  purgeFinishedJobsKind,
  unknownKindGraceHours,
} from './jobs/purge-finished-jobs.job.ts';
import { createJobRepository } from './jobs.repository.ts';

let database: DatabaseHandle;
const silent = { warn() {}, error() {}, info() {} };
let queues: JobQueue[] = [];

beforeAll(async () => {
  database = await openTestDatabase();
});
afterEach(async () => {
  await Promise.all(queues.map((queue) => queue.stop()));
  queues = [];
  await database.db.delete(jobs);
});
afterAll(async () => {
  await database.close();
});

function newQueue(
  options: { leaseMs?: number; schedules?: Schedule[]; now?: () => Date; timeZone?: string } = {},
) {
  const queue = createJobQueue({
    jobs: createJobRepository(database),
    log: silent,
    pollIntervalMs: 20,
    ...options,
  });
  queues.push(queue);
  return queue;
}

/** Retries due at once (the database's clock decides when a retry is due). */
const quickRetry = exponentialBackoff({ maxAttempts: 3, firstMs: 0, maxMs: 0 });

async function jobRows() {
  return database.db.select().from(jobs).orderBy(jobs.createdAt);
}

describe('the job queue', () => {
  it('runs a job enqueued in a transaction only once the transaction commits', async () => {
    const queue = newQueue();
    const seen: string[] = [];
    const definition = {
      kind: 'note',
      payload: z.object({ text: z.string() }),
      retry: quickRetry,
      async handle({ text }: { text: string }) {
        seen.push(text);
      },
    };
    queue.register(definition);
    await expect(
      database.transaction(async (tx) => {
        await queue.enqueue(tx, definition, { text: 'rolled back' });
        throw new Error('the event failed');
      }),
    ).rejects.toThrow('the event failed');
    await database.transaction((tx) => queue.enqueue(tx, definition, { text: 'kept' }));
    await queue.runDue();
    expect(seen).toEqual(['kept']);
    expect((await jobRows()).map((row) => [row.state, row.attempts])).toEqual([['done', 1]]);
  });

  it('one event makes one job: a second enqueue with the same key does nothing', async () => {
    const queue = newQueue();
    const definition = {
      kind: 'note',
      payload: z.object({ n: z.number() }),
      retry: quickRetry,
      async handle() {},
    };
    queue.register(definition);
    expect(await queue.enqueue(database.db, definition, { n: 1 }, { dedupeKey: 'event-1' })).toBe(
      true,
    );
    expect(await queue.enqueue(database.db, definition, { n: 2 }, { dedupeKey: 'event-1' })).toBe(
      false,
    );
    expect(await queue.enqueue(database.db, definition, { n: 3 })).toBe(true);
    expect(await jobRows()).toHaveLength(2);
  });

  it('retries with the policy, then records the failure; a permanent error is not retried', async () => {
    const queue = newQueue();
    let calls = 0;
    const flaky = {
      kind: 'flaky',
      payload: z.object({}),
      retry: quickRetry,
      async handle() {
        calls += 1;
        throw new Error(`attempt ${calls} failed`);
      },
    };
    const recorded: string[] = [];
    const doomed = {
      kind: 'doomed',
      payload: z.object({ name: z.string() }),
      retry: quickRetry,
      async handle() {
        throw new PermanentJobError('gone');
      },
      async onFailed(_executor: unknown, { name }: { name: string }, error: string) {
        recorded.push(`${name}: ${error}`);
      },
    };
    queue.register(flaky);
    queue.register(doomed);
    await queue.enqueue(database.db, flaky, {});
    await queue.enqueue(database.db, doomed, { name: 'doomed' });
    // One pass runs the retries that come due while it runs, up to the last attempt.
    await queue.runDue();
    expect(calls).toBe(3);
    await queue.runDue();
    expect(calls).toBe(3);
    // By kind: both jobs may carry the same creation time (PGlite's clock counts whole ms).
    const rows = (await jobRows()).sort((a, b) => a.kind.localeCompare(b.kind));
    expect(rows.map((row) => [row.kind, row.state, row.attempts, row.lastError])).toEqual([
      ['doomed', 'failed', 1, 'gone'],
      ['flaky', 'failed', 3, 'attempt 3 failed'],
    ]);
    // The owner of a job that failed for good hears of it once.
    expect(recorded).toEqual(['doomed: gone']);
  });

  it('a job whose worker died is taken again after its lease; the dead worker cannot record', async () => {
    const first = newQueue();
    const second = newQueue();
    const runs: string[] = [];
    let release: () => void = () => {};
    const stuck = new Promise<void>((resolve) => {
      release = resolve;
    });
    const definition = (name: string, wait: boolean) => ({
      kind: 'lease',
      payload: z.object({}),
      retry: quickRetry,
      async handle() {
        runs.push(name);
        if (wait) await stuck;
      },
    });
    first.register(definition('first', true));
    second.register(definition('second', false));
    await first.enqueue(database.db, definition('first', true), {});
    const firstRun = first.runDue();
    try {
      await expect.poll(() => runs, { interval: 5 }).toEqual(['first']);
      // Still within the lease: nothing to take.
      await second.runDue();
      expect(runs).toEqual(['first']);
      // The lease runs out (moved back rather than waited for).
      await database.db
        .update(jobs)
        .set({ lockedUntil: sql`now() - interval '1 second'` })
        .where(eq(jobs.state, 'running'));
      await second.runDue();
      expect(runs).toEqual(['first', 'second']);
      const [afterSecond] = await jobRows();
      expect(afterSecond).toMatchObject({ state: 'done', attempts: 2 });
    } finally {
      // The first worker wakes up late: its outcome is not written over the second's.
      release();
      await firstRun;
    }
    const [row] = await jobRows();
    expect(row).toMatchObject({ state: 'done', attempts: 2 });
  });

  it('a run longer than its lease is never started again beside itself', async () => {
    const a = newQueue();
    const b = newQueue();
    let running = 0;
    let most = 0;
    let runs = 0;
    const definition = {
      kind: 'long',
      payload: z.object({}),
      retry: quickRetry,
      // A short lease, which the run outlasts several times over.
      leaseMs: 600,
      async handle() {
        runs += 1;
        running += 1;
        most = Math.max(most, running);
        await new Promise((resolve) => setTimeout(resolve, 2000));
        running -= 1;
      },
    };
    a.register(definition);
    b.register(definition);
    await a.enqueue(database.db, definition, {});
    const first = a.runDue();
    await expect.poll(() => runs, { interval: 5, timeout: 10_000 }).toBe(1);
    // The other worker looks for due jobs all along the run.
    while (running > 0) {
      await b.runDue();
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await first;
    expect({ runs, most }).toEqual({ runs: 1, most: 1 });
    expect((await jobRows()).map((row) => [row.state, row.attempts])).toEqual([['done', 1]]);
  });

  it('a run whose claim another worker took stops before its side effects', async () => {
    const a = newQueue();
    const b = newQueue();
    const effect = {
      kind: 'effect',
      payload: z.object({ by: z.string() }),
      retry: quickRetry,
      async handle() {},
    };
    let resume: () => void = () => {};
    const stalled = new Promise<void>((resolve) => {
      resume = resolve;
    });
    const claims: JobClaim[] = [];
    const outcomes: string[] = [];
    const definition = (worker: string) => ({
      kind: 'stalls',
      payload: z.object({}),
      retry: quickRetry,
      async handle(_payload: object, _job: unknown, claim: JobClaim) {
        claims.push(claim);
        if (worker === 'a') await stalled;
        try {
          // The side effects: one checked on its own, one in the transaction of its write.
          await claim.ensure();
          outcomes.push(`${worker} mailed`);
          await database.transaction(async (tx) => {
            await claim.ensure(tx);
            await a.enqueue(tx, effect, { by: worker });
          });
        } catch (error) {
          outcomes.push(`${worker}: ${error instanceof ClaimLostError ? 'lost' : error}`);
          throw error;
        }
      },
    });
    a.register(definition('a'));
    b.register(definition('b'));
    await a.enqueue(database.db, definition('a'), {});
    const first = a.runDue();
    await expect.poll(() => claims.length, { interval: 5, timeout: 10_000 }).toBe(1);
    // The first worker stalls past its lease (moved back rather than waited for).
    await database.db
      .update(jobs)
      .set({ lockedUntil: sql`now() - interval '1 second'` })
      .where(eq(jobs.kind, 'stalls'));
    await b.runDue();
    resume();
    await first;
    expect(outcomes).toEqual(['b mailed', 'a: lost']);
    expect(claims[0]?.signal.aborted).toBe(true);
    const rows = await jobRows();
    expect(rows.filter((row) => row.kind === 'effect').map((row) => row.payload)).toEqual([
      { by: 'b' },
    ]);
    // The stalled run recorded nothing: the job stays done by the second, not retried.
    expect(rows.find((row) => row.kind === 'stalls')).toMatchObject({
      state: 'done',
      attempts: 2,
      lastError: null,
    });
  });

  it('a job that takes its worker down each time fails after its last attempt, and says so', async () => {
    const repository = createJobRepository(database);
    const queue = newQueue();
    const handled: string[] = [];
    const failed: string[] = [];
    const definition = {
      kind: 'crashes',
      payload: z.object({ name: z.string() }),
      retry: quickRetry,
      async handle({ name }: { name: string }) {
        handled.push(name);
      },
      async onFailed(executor: typeof database.db, { name }: { name: string }, error: string) {
        // In the transaction that fails the job: the job is failed when this runs.
        const [row] = await executor.select().from(jobs).where(eq(jobs.kind, 'crashes'));
        failed.push(`${name} ${row?.state}: ${error}`);
      },
    };
    queue.register(definition);
    await queue.enqueue(database.db, definition, { name: 'export' });
    for (let attempt = 1; attempt <= quickRetry.maxAttempts; attempt++) {
      // A worker takes the job and dies with it: the claim is never given back.
      const [taken] = await repository.claimDue([{ kind: 'crashes', leaseMs: 60_000 }], 1);
      expect(taken?.attempts).toBe(attempt);
      await database.db
        .update(jobs)
        .set({ lockedUntil: sql`now() - interval '1 second'` })
        .where(eq(jobs.kind, 'crashes'));
    }
    await queue.runDue();
    await queue.runDue();
    expect(handled).toEqual([]);
    expect(failed).toEqual([`export failed: ${abandonedJobError}`]);
    expect(await jobRows()).toMatchObject([
      {
        state: 'failed',
        attempts: quickRetry.maxAttempts,
        lastError: abandonedJobError,
        lockedUntil: null,
      },
    ]);
    expect(await repository.claimDue([{ kind: 'crashes', leaseMs: 60_000 }], 1)).toEqual([]);
  });

  it('claims each kind for its own lease', async () => {
    const repository = createJobRepository(database);
    await repository.insert({ kind: 'short', payload: {}, maxAttempts: 1 });
    await repository.insert({ kind: 'long', payload: {}, maxAttempts: 1 });
    const taken = await repository.claimDue(
      [
        { kind: 'short', leaseMs: 60_000 },
        { kind: 'long', leaseMs: 30 * 60_000 },
      ],
      2,
    );
    const lease = (kind: string) => {
      const row = taken.find((entry) => entry.kind === kind);
      return (row?.lockedUntil?.getTime() ?? 0) - Date.now();
    };
    expect(lease('short')).toBeGreaterThan(50_000);
    expect(lease('short')).toBeLessThanOrEqual(60_000 + 1000);
    expect(lease('long')).toBeGreaterThan(29 * 60_000);
  });

  it('two workers never run the same job at the same time', async () => {
    const a = newQueue();
    const b = newQueue();
    const ran: string[] = [];
    const definition = (worker: string) => ({
      kind: 'count',
      payload: z.object({ n: z.number() }),
      retry: quickRetry,
      async handle({ n }: { n: number }) {
        ran.push(`${n}`);
        // Hands the turn over (twice for one worker) so that both workers' jobs overlap.
        for (let turn = worker === 'a' ? 2 : 1; turn > 0; turn--) {
          await new Promise((resolve) => setImmediate(resolve));
        }
      },
    });
    a.register(definition('a'));
    b.register(definition('b'));
    for (let n = 0; n < 30; n++) await a.enqueue(database.db, definition('a'), { n });
    await Promise.all([a.runDue(), b.runDue()]);
    expect(ran.sort()).toEqual(Array.from({ length: 30 }, (_, n) => `${n}`).sort());
  });

  it('the started worker picks up new jobs by itself, at once when nudged', async () => {
    const queue = newQueue();
    const seen: number[] = [];
    const definition = {
      kind: 'live',
      payload: z.object({ n: z.number() }),
      retry: quickRetry,
      async handle({ n }: { n: number }) {
        seen.push(n);
      },
    };
    queue.register(definition);
    queue.start();
    await queue.enqueue(database.db, definition, { n: 1 });
    queue.nudge();
    await expect.poll(() => seen).toEqual([1]);
    await queue.enqueue(database.db, definition, { n: 2 });
    await expect.poll(() => seen).toEqual([1, 2]);
    await queue.stop();
  });

  it('purges finished jobs after their time, never unfinished ones', async () => {
    const repository = createJobRepository(database);
    const queue = newQueue();
    const definition = {
      kind: 'old',
      payload: z.object({}),
      retry: quickRetry,
      async handle() {},
    };
    queue.register(definition);
    await queue.enqueue(database.db, definition, {});
    await queue.runDue();
    await queue.enqueue(database.db, definition, {}, { runAt: new Date(Date.now() + 3_600_000) });
    await database.db
      .update(jobs)
      .set({ finishedAt: sql`now() - interval '8 days'` })
      .where(eq(jobs.state, 'done'));
    expect(await repository.purgeFinished(new Date(Date.now() - 7 * 24 * 3_600_000))).toBe(1);
    expect((await jobRows()).map((row) => row.state)).toEqual(['queued']);
  });
});

describe('jobs of a kind no worker runs', () => {
  it('fails them after a day with an error naming the kind, and leaves the known kinds', async () => {
    const hour = 3_600_000;
    const repository = createJobRepository(database);
    const queue = newQueue();
    // The worker knows mail (run by another copy here) and the purge itself.
    const purge = createPurgeFinishedJobsJob({
      jobs: repository,
      knownKinds: () => ['mail', ...queue.kinds()],
      log: silent,
    });
    queue.register(purge);
    const ago = (ms: number) => new Date(Date.now() - ms);
    const insert = (kind: string, runAt: Date) =>
      repository.insert({ kind, payload: { slot: kind }, maxAttempts: 8, runAt });
    await insert('purge-activity', ago(2 * unknownKindGraceHours * hour));
    await insert('retired-running', ago(3 * unknownKindGraceHours * hour));
    await insert('retired-lately', ago(hour));
    await insert('mail', ago(2 * unknownKindGraceHours * hour));
    // A worker took this one two days ago and died.
    await database.db
      .update(jobs)
      .set({
        state: 'running',
        attempts: 1,
        lockedUntil: ago(2 * unknownKindGraceHours * hour),
      })
      .where(eq(jobs.kind, 'retired-running'));

    await queue.enqueue(database.db, purge, { slot: 'now' });
    await queue.runDue();

    const rows = await jobRows();
    const byKind = Object.fromEntries(
      rows.map((row) => [row.kind, { state: row.state, lastError: row.lastError }]),
    );
    expect(byKind).toEqual({
      'purge-activity': {
        state: 'failed',
        lastError: 'no worker runs jobs of kind "purge-activity"',
      },
      'retired-running': {
        state: 'failed',
        lastError: 'no worker runs jobs of kind "retired-running"',
      },
      // Within its day: a newer release's copies may yet take it.
      'retired-lately': { state: 'queued', lastError: null },
      mail: { state: 'queued', lastError: null },
      [purgeFinishedJobsKind]: { state: 'done', lastError: null },
    });
    const failed = rows.filter((row) => row.state === 'failed');
    expect(failed.every((row) => row.finishedAt !== null && row.lockedUntil === null)).toBe(true);

    // Failed, they go with the finished jobs a week later.
    await database.db
      .update(jobs)
      .set({ finishedAt: sql`now() - interval '8 days'` })
      .where(eq(jobs.state, 'failed'));
    await queue.enqueue(database.db, purge, { slot: 'a week later' });
    await queue.runDue();
    expect((await jobRows()).map((row) => row.kind).sort()).toEqual(
      ['mail', purgeFinishedJobsKind, purgeFinishedJobsKind, 'retired-lately'].sort(),
    );
  });
});

describe('the recurring jobs', () => {
  const minute = 60_000;
  const recurring = (kind: string, runs: string[]) => ({
    kind,
    payload: slotPayload,
    retry: quickRetry,
    async handle({ slot }: { slot: string }) {
      runs.push(slot);
    },
  });

  it('counts interval slots from the epoch, and daily slots in the local time zone', () => {
    const at = new Date('2026-03-10T23:59:59.000Z');
    expect(currentSlot({ kind: 'x', everyMinutes: 60 }, at, 'UTC')).toBe(
      '2026-03-10T23:00:00.000Z',
    );
    expect(currentSlot({ kind: 'x', everyMinutes: 15 }, at, 'UTC')).toBe(
      '2026-03-10T23:45:00.000Z',
    );
    const daily: Schedule = { kind: 'x', dailyAt: { hour: 9, minute: 0 } };
    // 08:59 and 09:00 in Seoul (UTC+9) on the 11th.
    expect(currentSlot(daily, new Date('2026-03-10T23:59:00Z'), 'Asia/Seoul')).toBe('2026-03-10');
    expect(currentSlot(daily, new Date('2026-03-11T00:00:00Z'), 'Asia/Seoul')).toBe('2026-03-11');
    // 09:00 UTC is still before 09:00 in New York.
    expect(currentSlot(daily, new Date('2026-03-11T09:00:00Z'), 'America/New_York')).toBe(
      '2026-03-10',
    );
  });

  it('with several copies, each slot is enqueued and run once', async () => {
    let clock = new Date('2026-03-10T10:05:00Z');
    const schedules: Schedule[] = [{ kind: 'tick', everyMinutes: 60 }];
    const a = newQueue({ schedules, now: () => clock });
    const b = newQueue({ schedules, now: () => clock });
    const runs: string[] = [];
    a.register(recurring('tick', runs));
    b.register(recurring('tick', runs));

    expect(await a.enqueueSlots()).toBe(1);
    expect(await b.enqueueSlots()).toBe(0);
    await Promise.all([a.runDue(), b.runDue()]);
    expect(runs).toEqual(['2026-03-10T10:00:00.000Z']);

    // Later in the same slot: nothing new, from either copy.
    clock = new Date(clock.getTime() + 50 * minute);
    expect(await a.enqueueSlots()).toBe(0);
    expect(await b.enqueueSlots()).toBe(0);

    // The next slot.
    clock = new Date(clock.getTime() + 10 * minute);
    expect(await b.enqueueSlots()).toBe(1);
    expect(await a.enqueueSlots()).toBe(0);
    await Promise.all([a.runDue(), b.runDue()]);
    expect(runs).toEqual(['2026-03-10T10:00:00.000Z', '2026-03-10T11:00:00.000Z']);
  });

  it('the started worker enqueues and runs the slot that has come by itself', async () => {
    const runs: string[] = [];
    const queue = newQueue({
      schedules: [{ kind: 'daily', dailyAt: { hour: 9, minute: 30 } }],
      timeZone: 'Asia/Seoul',
      now: () => new Date('2026-03-11T00:45:00Z'),
    });
    queue.register(recurring('daily', runs));
    queue.start();
    await expect
      .poll(async () => (await jobRows()).map((row) => [row.kind, row.dedupeKey, row.state]))
      .toEqual([['daily', 'schedule:daily:2026-03-11', 'done']]);
    expect(runs).toEqual(['2026-03-11']);
  });

  it('does not start with a schedule whose kind of job nobody registered', () => {
    const queue = newQueue({ schedules: [{ kind: 'forgotten', everyMinutes: 5 }] });
    expect(() => queue.start()).toThrow('scheduled job kind forgotten is not registered');
  });
});
