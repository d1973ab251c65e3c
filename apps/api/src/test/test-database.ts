import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { inject } from 'vitest';
import { type DatabaseHandle, openDatabase, pgliteExtensions } from '../db/client.ts';
import { quoteIdent, withAdminClient } from './postgres-admin.ts';

/** The migrated database, read once per worker: a Blob never changes, so every file shares it. */
let pgliteDump: Promise<Blob> | undefined;

/**
 * A test file's database holds a few hundred rows, and opening one writes to every page of
 * PostgreSQL's buffer pool (128 MB by default) as new memory: a pool of 16 MB opens it in about
 * two thirds of the time, which a run of the suite pays once per file.
 */
const pgliteStartParams = [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'];

/**
 * A fresh, migrated database of its own for one test file; `close` drops it. On PostgreSQL, a
 * pool of `poolSize` connections and one of `ingestPoolSize` for the member site's writes, and
 * `readConnections` pipelined ones for the hot reads (one, to look at what a connection keeps).
 */
export async function openTestDatabase({
  poolSize = 5,
  ingestPoolSize = 5,
  readConnections = 2,
} = {}): Promise<DatabaseHandle> {
  const target = inject('testDatabase');
  if (target.kind === 'pglite') {
    pgliteDump ??= readFile(target.dumpFile).then((dump) => new Blob([dump]));
    const client = await PGlite.create({
      loadDataDir: await pgliteDump,
      extensions: await pgliteExtensions(),
      startParams: pgliteStartParams,
    });
    return openDatabase({ kind: 'pglite', client });
  }
  const name = `sc_t_${randomBytes(6).toString('hex')}`;
  await withAdminClient(target.url, (client) =>
    client.query(`CREATE DATABASE ${quoteIdent(name)} TEMPLATE ${quoteIdent(target.template)}`),
  );
  const url = new URL(target.url);
  url.pathname = `/${name}`;
  const database = await openDatabase({
    kind: 'postgres',
    url: url.toString(),
    poolSize,
    ingestPoolSize,
    readConnections,
  });
  return {
    ...database,
    close: async () => {
      await database.close();
      await withAdminClient(target.url, (client) =>
        client.query(`DROP DATABASE IF EXISTS ${quoteIdent(name)} WITH (FORCE)`),
      );
    },
  };
}
