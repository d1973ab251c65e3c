import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { DatabaseHandle } from '../../db/client.ts';
import { jobs } from '../../db/schema.ts';
import { openTestDatabase } from '../../test/test-database.ts';
import {
  createJobQueue,
  exponentialBackoff,
  type JobQueue,
  PermanentJobError,
} from './job-queue.ts';
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

function newQueue(options: { leaseMs?: number } = {}) {
  const queue = createJobQueue({
    jobs: createJobRepository(database.db),
    log: silent,
    pollIntervalMs: 20,
    ...options,
  });
  queues.push(queue);
  return queue;
}

const quickRetry = exponentialBackoff({ maxAttempts: 3, firstMs: 1, maxMs: 1 });

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
      database.db.transaction(async (tx) => {
        await queue.enqueue(tx, definition, { text: 'rolled back' });
        throw new Error('the event failed');
      }),
    ).rejects.toThrow('the event failed');
    await database.db.transaction((tx) => queue.enqueue(tx, definition, { text: 'kept' }));
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
    const doomed = {
      kind: 'doomed',
      payload: z.object({}),
      retry: quickRetry,
      async handle() {
        throw new PermanentJobError('gone');
      },
    };
    queue.register(flaky);
    queue.register(doomed);
    await queue.enqueue(database.db, flaky, {});
    await queue.enqueue(database.db, doomed, {});
    for (let pass = 0; pass < 5; pass++) {
      await new Promise((resolve) => setTimeout(resolve, 5));
      await queue.runDue();
    }
    expect(calls).toBe(3);
    // By kind: both jobs may carry the same creation time (PGlite's clock counts whole ms).
    const rows = (await jobRows()).sort((a, b) => a.kind.localeCompare(b.kind));
    expect(rows.map((row) => [row.kind, row.state, row.attempts, row.lastError])).toEqual([
      ['doomed', 'failed', 1, 'gone'],
      ['flaky', 'failed', 3, 'attempt 3 failed'],
    ]);
  });

  it('a job whose worker died is taken again after its lease; the dead worker cannot record', async () => {
    const first = newQueue({ leaseMs: 400 });
    const second = newQueue({ leaseMs: 400 });
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
      await new Promise((resolve) => setTimeout(resolve, 450));
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
        await new Promise((resolve) => setTimeout(resolve, 2 + (worker === 'a' ? 1 : 0)));
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
    const repository = createJobRepository(database.db);
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
