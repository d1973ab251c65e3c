import { and, eq, inArray, lt, notInArray, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { type JobRow, jobs } from '../../db/schema.ts';

export interface NewJob {
  kind: string;
  payload: unknown;
  /** One job per event: a second enqueue with the same key does nothing. */
  dedupeKey?: string | undefined;
  runAt?: Date | undefined;
  maxAttempts: number;
}

/** The job table: written inside the caller's transaction (outbox), claimed by the workers. */
export function createJobRepository(db: Database) {
  /** Inserts a job in `executor`'s transaction; false when its dedupe key already exists. */
  async function enqueue(executor: Database, job: NewJob): Promise<boolean> {
    const rows = await executor
      .insert(jobs)
      .values({
        kind: job.kind,
        payload: job.payload,
        dedupeKey: job.dedupeKey ?? null,
        maxAttempts: job.maxAttempts,
        ...(job.runAt ? { runAt: job.runAt } : {}),
      })
      .onConflictDoNothing({ target: jobs.dedupeKey, where: sql`${jobs.dedupeKey} is not null` })
      .returning({ id: jobs.id });
    return rows.length > 0;
  }

  return {
    enqueue,

    /** Inserts a job on its own (no event transaction around it, as for a scheduled slot). */
    insert: (job: NewJob) => enqueue(db, job),

    /**
     * Takes up to `limit` due jobs for `leaseMs`: queued ones whose time has come, and running
     * ones whose lease ran out (their worker died). Another worker skips the rows taken here.
     * The attempt number each row now carries fences the later writes of this worker.
     */
    async claimDue(kinds: readonly string[], limit: number, leaseMs: number): Promise<JobRow[]> {
      if (kinds.length === 0) return [];
      const due = sql`(select ${jobs.id} from ${jobs}
        where ${inArray(jobs.kind, [...kinds])}
          and ((${jobs.state} = 'queued' and ${jobs.runAt} <= now())
            or (${jobs.state} = 'running' and ${jobs.lockedUntil} < now()))
        order by ${jobs.runAt}
        limit ${limit}
        for update skip locked)`;
      return db
        .update(jobs)
        .set({
          state: 'running',
          attempts: sql`${jobs.attempts} + 1`,
          lockedUntil: sql`now() + ${`${leaseMs} milliseconds`}::interval`,
        })
        .where(sql`${jobs.id} in ${due}`)
        .returning();
    },

    async markDone(id: string, attempt: number): Promise<void> {
      await db
        .update(jobs)
        .set({ state: 'done', finishedAt: new Date(), lockedUntil: null, lastError: null })
        .where(and(eq(jobs.id, id), eq(jobs.attempts, attempt), eq(jobs.state, 'running')));
    },

    /** Puts the job back for another attempt `delayMs` from now, by the database's clock. */
    async markRetry(id: string, attempt: number, delayMs: number, error: string): Promise<void> {
      await db
        .update(jobs)
        .set({
          state: 'queued',
          runAt: sql`now() + ${`${delayMs} milliseconds`}::interval`,
          lockedUntil: null,
          lastError: error,
        })
        .where(and(eq(jobs.id, id), eq(jobs.attempts, attempt), eq(jobs.state, 'running')));
    },

    async markFailed(id: string, attempt: number, error: string): Promise<void> {
      await db
        .update(jobs)
        .set({ state: 'failed', finishedAt: new Date(), lockedUntil: null, lastError: error })
        .where(and(eq(jobs.id, id), eq(jobs.attempts, attempt), eq(jobs.state, 'running')));
    },

    /**
     * Fails the unfinished jobs of every kind but `known` that have waited since before
     * `before` (queued and due, or taken by a worker whose lease ran out), with an error that
     * names their kind; answers the kinds failed and how many of each.
     */
    async failUnknownKinds(
      known: readonly string[],
      before: Date,
      at: Date,
    ): Promise<{ kind: string; count: number }[]> {
      const rows = await db
        .update(jobs)
        .set({
          state: 'failed',
          finishedAt: at,
          lockedUntil: null,
          lastError: sql`'no worker runs jobs of kind "' || ${jobs.kind} || '"'`,
        })
        .where(
          and(
            known.length > 0 ? notInArray(jobs.kind, [...known]) : undefined,
            or(
              and(eq(jobs.state, 'queued'), lt(jobs.runAt, before)),
              and(eq(jobs.state, 'running'), lt(jobs.lockedUntil, before)),
            ),
          ),
        )
        .returning({ kind: jobs.kind });
      const counts = new Map<string, number>();
      for (const row of rows) counts.set(row.kind, (counts.get(row.kind) ?? 0) + 1);
      return [...counts].map(([kind, count]) => ({ kind, count }));
    },

    /** Jobs finished before `before`: their payloads (addresses) are not kept for ever. */
    async purgeFinished(before: Date): Promise<number> {
      const rows = await db
        .delete(jobs)
        .where(and(inArray(jobs.state, ['done', 'failed']), lt(jobs.finishedAt, before)))
        .returning({ id: jobs.id });
      return rows.length;
    },

    async find(id: string): Promise<JobRow | undefined> {
      const [row] = await db.select().from(jobs).where(eq(jobs.id, id)).limit(1);
      return row;
    },

    async findByDedupeKey(dedupeKey: string): Promise<JobRow | undefined> {
      const [row] = await db.select().from(jobs).where(eq(jobs.dedupeKey, dedupeKey)).limit(1);
      return row;
    },
  };
}

export type JobRepository = ReturnType<typeof createJobRepository>;
