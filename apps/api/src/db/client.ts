import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import { useNamedStatementRunner } from './prepared.ts';
import * as schema from './schema.ts';
import { createNamedStatementRunner } from './statement-rows.ts';

export type Schema = typeof schema;
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

export interface DatabaseHandle {
  kind: 'pglite' | 'postgres';
  db: Database;
  migrate(): Promise<void>;
  ping(): Promise<void>;
  close(): Promise<void>;
}

export const migrationsFolder = new URL('../../drizzle', import.meta.url).pathname;

export type DatabaseTarget =
  | { kind: 'postgres'; url: string; poolSize?: number }
  | { kind: 'pglite'; dataDir: string }
  | { kind: 'pglite'; client: PGlite };

/**
 * Drizzle's `transaction()` checks a client out and sends `begin` before its try/finally: when
 * the connection dies at that moment (PostgreSQL restarting), the client is never released and
 * its pool slot is lost for good; after `max` of them every query waits forever. So a client
 * checked out with `connect()` goes back to the pool (which drops it) as soon as its connection
 * fails, and releasing it again later does nothing.
 */
function releaseDeadTransactionClients(pool: pg.Pool): void {
  const connect = pool.connect.bind(pool);
  const guard = (client: pg.PoolClient): pg.PoolClient => {
    const release = client.release;
    let released = false;
    const onError = (error: Error) => done(error);
    const done = (error?: Error | boolean) => {
      if (released) return;
      released = true;
      client.removeListener('error', onError);
      release(error);
    };
    client.on('error', onError);
    client.release = done;
    return client;
  };
  // The callback form is pg-pool's own (pool.query), which releases correctly.
  pool.connect = ((callback?: Parameters<pg.Pool['connect']>[0]) =>
    callback ? connect(callback) : connect().then(guard)) as pg.Pool['connect'];
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
    const pool = new pg.Pool({
      connectionString: target.url,
      max: target.poolSize ?? 10,
      idleTimeoutMillis: 30_000,
    });
    // An idle client losing its connection (server restart) must not crash the process.
    pool.on('error', () => {});
    // Nor a checked-out one: the pool listens only to idle clients, and a client that is
    // checked out (inside a transaction) but not running a query when PostgreSQL terminates
    // its connection emits 'error' with nobody listening, which kills the process. The
    // request using it fails on its next query and the pool drops the dead client on release.
    pool.on('connect', (client) => {
      client.on('error', () => {});
    });
    releaseDeadTransactionClients(pool);
    useNamedStatementRunner(pool, createNamedStatementRunner(pg, pool));
    const db = drizzlePg({ client: pool, schema });
    return {
      kind: 'postgres',
      db,
      migrate: () => migratePg(db, { migrationsFolder }),
      ping: () => ping(db),
      close: () => pool.end(),
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
    client = await PGlite.create({ dataDir });
  }
  const db = drizzlePglite({ client, schema });
  return {
    kind: 'pglite',
    db,
    migrate: () => migratePglite(db, { migrationsFolder }),
    ping: () => ping(db),
    close: () => client.close(),
  };
}
