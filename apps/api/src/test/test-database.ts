import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { inject } from 'vitest';
import { type DatabaseHandle, openDatabase, pgliteExtensions } from '../db/client.ts';
import { quoteIdent, withAdminClient } from './postgres-admin.ts';

let pgliteDump: Promise<Buffer> | undefined;

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
    pgliteDump ??= readFile(target.dumpFile);
    const client = await PGlite.create({
      loadDataDir: new Blob([await pgliteDump]),
      extensions: await pgliteExtensions(),
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
