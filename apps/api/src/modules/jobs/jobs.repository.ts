import { and, eq, inArray, lt, notInArray, or, type SQL, sql } from 'drizzle-orm';
import type { DataAccess, Database } from '../../db/client.ts';
import { type JobRow, jobs } from '../../db/schema.ts';

export interface NewJob {
  kind: string;
  payload: unknown;
  /** One job per event: a second enqueue with the same key does nothing. */
  dedupeKey?: string | undefined;
  runAt?: Date | undefined;
  maxAttempts: number;
}

/** What a worker takes: a kind it runs, and how long a claim of that kind lasts. */
export interface ClaimableKind {
  kind: string;
  leaseMs: number;
}

/** A claim is held while the row is `running` with the attempt number it was taken with. */
function held(id: string, attempt: number) {
  return and(eq(jobs.id, id), eq(jobs.attempts, attempt), eq(jobs.state, 'running'));
}

/** `now()` plus a number of milliseconds, by the database's clock. */
function fromNow(ms: SQL): SQL {
  return sql`now() + ${ms} * interval '1 millisecond'`;
}

/** Rows per statement of `enqueueMany`: well under PostgreSQL's 65,535 parameters. */
const enqueueChunk = 500;

/** The job table: written inside the caller's transaction (outbox), claimed by the workers. */
export function createJobRepository({ db, transaction }: Pick<DataAccess, 'db' | 'transaction'>) {
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

  /**
   * Inserts many jobs in `executor`'s transaction, a few hundred rows per statement (one mail
   * per buyer of a broadcast); those whose dedupe key exists are left out. How many were new.
   */
  async function enqueueMany(executor: Database, batch: readonly NewJob[]): Promise<number> {
    let added = 0;
    for (let start = 0; start < batch.length; start += enqueueChunk) {
      const rows = await executor
        .insert(jobs)
        .values(
          batch.slice(start, start + enqueueChunk).map((job) => ({
            kind: job.kind,
            payload: job.payload,
            dedupeKey: job.dedupeKey ?? null,
            maxAttempts: job.maxAttempts,
            runAt: job.runAt ?? sql`now()`,
          })),
        )
        .onConflictDoNothing({ target: jobs.dedupeKey, where: sql`${jobs.dedupeKey} is not null` })
        .returning({ id: jobs.id });
      added += rows.length;
    }
    return added;
  }

  return {
    /** Runs work in one transaction (the database handle's). */
    transaction,

    enqueue,

    enqueueMany,

    /** Inserts a job on its own (no event transaction around it, as for a scheduled slot). */
    insert: (job: NewJob) => enqueue(db, job),

    /**
     * Takes up to `limit` due jobs, each for its kind's lease: queued ones whose time has come,
     * and running ones whose lease ran out (their worker died or stalled) with attempts left.
     * Another worker skips the rows taken here. The attempt number each row now carries is the
     * claim: it fences every later write of a worker whose claim was taken after it.
     */
    async claimDue(kinds: readonly ClaimableKind[], limit: number): Promise<JobRow[]> {
      if (kinds.length === 0) return [];
      const due = sql`(select ${jobs.id} from ${jobs}
        where ${inArray(
          jobs.kind,
          kinds.map((entry) => entry.kind),
        )}
          and ((${jobs.state} = 'queued' and ${jobs.runAt} <= now())
            or (${jobs.state} = 'running' and ${jobs.lockedUntil} < now()
              and ${jobs.attempts} < ${jobs.maxAttempts}))
        order by ${jobs.runAt}
        limit ${limit}
        for update skip locked)`;
      const lease = sql`(case ${jobs.kind} ${sql.join(
        kinds.map((entry) => sql`when ${entry.kind} then ${entry.leaseMs}::integer`),
        sql` `,
      )} end)`;
      return db
        .update(jobs)
        .set({
          state: 'running',
          attempts: sql`${jobs.attempts} + 1`,
          lockedUntil: fromNow(lease),
        })
        .where(sql`${jobs.id} in ${due}`)
        .returning();
    },

    /**
     * Extends a held claim by `leaseMs` from now; false when the claim is no longer held
     * (another worker took the job, or it finished). In `executor`'s transaction the job's row
     * stays locked until that transaction ends: no worker can take the job before it commits.
     */
    async renew(
      id: string,
      attempt: number,
      leaseMs: number,
      executor: Database = db,
    ): Promise<boolean> {
      const rows = await executor
        .update(jobs)
        .set({ lockedUntil: fromNow(sql`${leaseMs}::integer`) })
        .where(held(id, attempt))
        .returning({ id: jobs.id });
      return rows.length > 0;
    },

    /**
     * Fails the running jobs of these kinds whose lease ran out during their last attempt: the
     * worker died (or stalled) every time, so nothing would ever finish them. Answers them, for
     * their owners to record the failure in the same transaction.
     */
    async failAbandoned(
      executor: Database,
      kinds: readonly string[],
      error: string,
    ): Promise<JobRow[]> {
      if (kinds.length === 0) return [];
      const abandoned = sql`(select ${jobs.id} from ${jobs}
        where ${inArray(jobs.kind, [...kinds])}
          and ${jobs.state} = 'running' and ${jobs.lockedUntil} < now()
          and ${jobs.attempts} >= ${jobs.maxAttempts}
        for update skip locked)`;
      return executor
        .update(jobs)
        .set({ state: 'failed', finishedAt: sql`now()`, lockedUntil: null, lastError: error })
        .where(sql`${jobs.id} in ${abandoned}`)
        .returning();
    },

    async markDone(id: string, attempt: number): Promise<void> {
      await db
        .update(jobs)
        .set({ state: 'done', finishedAt: new Date(), lockedUntil: null, lastError: null })
        .where(held(id, attempt));
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
        .where(held(id, attempt));
    },

    /** Fails a job for good, in `executor`'s transaction; false when the claim was not held. */
    async markFailed(
      id: string,
      attempt: number,
      error: string,
      executor: Database = db,
    ): Promise<boolean> {
      const rows = await executor
        .update(jobs)
        .set({ state: 'failed', finishedAt: new Date(), lockedUntil: null, lastError: error })
        .where(held(id, attempt))
        .returning({ id: jobs.id });
      return rows.length > 0;
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
