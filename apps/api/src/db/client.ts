import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import {
  createHotStatements,
  type HotStatements,
  type RawRow,
  type StatementConfig,
  type TransactionStatements,
} from './hot-statements.ts';
import { createReadPipeline } from './read-pipeline.ts';
import { rowsOf } from './sql-values.ts';

/**
 * The query builder on the pool (or PGlite), or on one transaction's connection. Opened without
 * drizzle's relational schema: nothing uses `db.query`, and building its configuration cost
 * ~170 µs for each transaction's handle.
 */
export type Database = PgDatabase<PgQueryResultHKT>;

export interface DatabaseHandle {
  kind: 'pglite' | 'postgres';
  db: Database;
  /** The few hot statements, each prepared once per connection under its name. */
  statements: HotStatements;
  /**
   * Runs `work` in one transaction and gives its result; `tx` is for every query of the work,
   * `statements` for its named statements (`namedStatement`). Repositories' `transaction(work)`
   * go through it.
   */
  transaction<T>(work: TransactionWork<T>): Promise<T>;
  migrate(): Promise<void>;
  ping(): Promise<void>;
  /**
   * Hears `channel` (PostgreSQL's LISTEN) while the handle is open: each notice committed by
   * any server copy, and whether it is listening. On PostgreSQL it listens on a connection of
   * its own, outside the pool, and reconnects a second after losing it; notices sent meanwhile
   * are lost, which `listening(false)` says first. Answers the function that stops it (closing
   * the handle stops every one).
   */
  listen(channel: string, listener: ChannelListener): () => Promise<void>;
  /**
   * The member site's writes (purchases, refunds, code redeems and checks, views). On
   * PostgreSQL they have a pool of their own (`ingestPoolSize`): a burst of them (a flash sale)
   * waits for its own connections while the sellers' pages keep theirs, rather than every read
   * queuing behind it. On PGlite, the same single connection.
   */
  ingest: DataAccess;
  close(): Promise<void>;
}

export type TransactionWork<T> = (tx: Database, statements: TransactionStatements) => Promise<T>;

/** What a listener of `DatabaseHandle.listen` is told. */
export interface ChannelListener {
  notice(payload: string): void;
  /** True once listening; false as soon as its connection is lost. */
  listening(state: boolean): void;
}

/** What repositories work with: the query builder, the hot statements and transactions. */
export type DataAccess = Pick<DatabaseHandle, 'db' | 'statements' | 'transaction'>;

/**
 * The extensions the migrations create, for every PGlite the API opens (PGlite loads an
 * extension only when given it): `pg_trgm` for the customers search.
 */
export async function pgliteExtensions() {
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  return { pg_trgm };
}

export const migrationsFolder = new URL('../../drizzle', import.meta.url).pathname;

export type DatabaseTarget =
  | {
      kind: 'postgres';
      url: string;
      poolSize?: number;
      ingestPoolSize?: number;
      /** Pipelined connections for the hot reads (`read-pipeline.ts`); 0: through the pool. */
      readConnections?: number;
    }
  | { kind: 'pglite'; dataDir: string }
  | { kind: 'pglite'; client: PGlite };

/**
 * Runs `work` in one transaction on a client of the pool. Drizzle's own `transaction()` sends
 * `begin` before its try/finally, so a connection dying at that moment (PostgreSQL restarting)
 * left the client checked out for good and, after `max` of them, every query waiting forever.
 * Here the client always goes back; when `begin`, `commit` or `rollback` failed its connection
 * is in doubt, and it goes back with that error so that the pool closes it.
 */
async function transactionOnPool<T>(
  pool: pg.Pool,
  open: (client: pg.PoolClient) => Database,
  work: TransactionWork<T>,
): Promise<T> {
  const client = await pool.connect();
  let broken: Error | undefined;
  const control = async (command: 'begin' | 'commit' | 'rollback') => {
    try {
      await client.query(command);
    } catch (error) {
      // Named for the log: the driver's message alone does not say which step failed.
      broken = new Error(`${command} failed: ${error instanceof Error ? error.message : error}`, {
        cause: error,
      });
      throw broken;
    }
  };
  const statements: TransactionStatements = {
    run: async (statement, values) =>
      (await client.query<RawRow>(statement.config(values))).rows.map(statement.read),
  };
  try {
    const tx = open(client);
    await control('begin');
    let result: T;
    try {
      result = await work(tx, statements);
    } catch (error) {
      // The work's error is the one to report; a failed rollback only marks the client.
      await control('rollback').catch(() => undefined);
      throw error;
    }
    await control('commit');
    return result;
  } finally {
    client.release(broken);
  }
}

const relistenAfterMs = 1000;

/**
 * LISTEN on a connection of its own, for as long as `isOpen()`: a lost connection is told at
 * once and replaced a second later. Answers a function that ends it.
 */
function listenOnPostgres(
  Client: typeof pg.Client,
  url: string,
  channel: string,
  listener: ChannelListener,
): () => Promise<void> {
  let client: pg.Client | undefined;
  let ended = false;
  let retry: NodeJS.Timeout | undefined;
  const connect = async () => {
    const current = new Client({ connectionString: url });
    client = current;
    let lost = false;
    const onLost = () => {
      if (lost) return;
      lost = true;
      listener.listening(false);
      current.end().catch(() => undefined);
      if (!ended) retry = setTimeout(() => void connect(), relistenAfterMs);
    };
    current.on('error', onLost);
    current.on('end', onLost);
    current.on('notification', (message) => {
      if (message.channel === channel) listener.notice(message.payload ?? '');
    });
    try {
      await current.connect();
      await current.query(`listen ${current.escapeIdentifier(channel)}`);
      if (!lost && !ended) listener.listening(true);
    } catch {
      onLost();
    }
  };
  void connect();
  return async () => {
    ended = true;
    clearTimeout(retry);
    await client?.end().catch(() => undefined);
  };
}

async function ping(db: Database): Promise<void> {
  await db.execute(sql`select 1`);
}

/** Only the driver in use is loaded (a start on PGlite never loads pg, and the reverse). */
export async function openDatabase(target: DatabaseTarget): Promise<DatabaseHandle> {
  if (target.kind === 'postgres') {
    const [{ default: pg }, { drizzle: drizzlePg }, { migrate: migratePg }] = await Promise.all([
      import('pg'),
      import('drizzle-orm/node-postgres'),
      import('drizzle-orm/node-postgres/migrator'),
    ]);
    const poolOf = (max: number) => {
      const pool = new pg.Pool({ connectionString: target.url, max, idleTimeoutMillis: 30_000 });
      // An idle client losing its connection (server restart) must not crash the process.
      pool.on('error', () => {});
      // Nor a checked-out one: the pool listens only to idle clients, and a client that is
      // checked out (inside a transaction) but not running a query when PostgreSQL terminates
      // its connection emits 'error' with nobody listening, which kills the process. The
      // request using it fails on its next query and the pool drops the dead client on release.
      pool.on('connect', (client) => {
        client.on('error', () => {});
      });
      return pool;
    };
    const onPool = (pool: pg.Pool) => async (statement: StatementConfig) =>
      (await pool.query<RawRow>(statement)).rows;
    const accessOn = (pool: pg.Pool, run = onPool(pool)) => ({
      db: drizzlePg({ client: pool }),
      statements: createHotStatements(run),
      transaction: <T>(work: TransactionWork<T>) =>
        transactionOnPool(pool, (client) => drizzlePg({ client }), work),
    });
    const pool = poolOf(target.poolSize ?? 10);
    const ingestPool = poolOf(target.ingestPoolSize ?? 10);
    const readConnections = target.readConnections ?? 4;
    // The sellers' hot reads pipelined; statements that take locks, and every statement of
    // the member site's writes, on their pools.
    const pipeline =
      readConnections > 0 ? createReadPipeline(pg.Client, target.url, readConnections) : undefined;
    const runOnPool = onPool(pool);
    const { db, statements, transaction } = accessOn(
      pool,
      pipeline
        ? (statement) => (statement.locks ? runOnPool(statement) : pipeline.run(statement))
        : runOnPool,
    );
    const listeners = new Set<() => Promise<void>>();
    return {
      kind: 'postgres',
      db,
      statements,
      transaction,
      ingest: accessOn(ingestPool),
      migrate: () => migratePg(db, { migrationsFolder }),
      ping: () => ping(db),
      listen: (channel, listener) => {
        const end = listenOnPostgres(pg.Client, target.url, channel, listener);
        listeners.add(end);
        return () => {
          listeners.delete(end);
          return end();
        };
      },
      close: async () => {
        await Promise.all([...listeners].map((end) => end()));
        listeners.clear();
        await Promise.all([pool.end(), ingestPool.end(), pipeline?.close()]);
      },
    };
  }
  const [{ drizzle: drizzlePglite }, { migrate: migratePglite }] = await Promise.all([
    import('drizzle-orm/pglite'),
    import('drizzle-orm/pglite/migrator'),
  ]);
  let client: PGlite;
  if ('client' in target) {
    client = target.client;
  } else {
    const dataDir = path.join(target.dataDir, 'pglite');
    mkdirSync(dataDir, { recursive: true });
    const { PGlite } = await import('@electric-sql/pglite');
    client = await PGlite.create({ dataDir, extensions: await pgliteExtensions() });
  }
  const db = drizzlePglite({ client });
  // One connection, so no names: PGlite runs each statement as given.
  const statements = createHotStatements(
    async ({ text, values }) => (await client.query<RawRow>(text, values)).rows,
  );
  // Named statements run with their values written in: PGlite has one connection and no names.
  const transaction: DataAccess['transaction'] = (work) =>
    db.transaction((tx) =>
      work(tx, {
        run: async (statement, values) =>
          rowsOf<RawRow>(await tx.execute(statement.withValues(values))).map(statement.read),
      }),
    );
  return {
    kind: 'pglite',
    db,
    statements,
    transaction,
    ingest: { db, statements, transaction },
    migrate: () => migratePglite(db, { migrationsFolder }),
    ping: () => ping(db),
    // One process holds the database: its notices are delivered as the committing statement
    // ends, and the connection is never lost.
    listen: (channel, listener) => {
      const listening = client
        .listen(channel, (payload) => listener.notice(payload))
        .then(
          (unlisten) => {
            listener.listening(true);
            return unlisten;
          },
          () => {
            listener.listening(false);
            return undefined;
          },
        );
      return async () => {
        const unlisten = await listening;
        if (unlisten && !client.closed) await unlisten();
      };
    },
    close: () => client.close(),
  };
}
