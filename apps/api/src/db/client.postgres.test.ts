import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { startProxy, withTimeout } from '../test/postgres-proxy.ts';
import { type DatabaseHandle, openDatabase } from './client.ts';

/**
 * PostgreSQL going away under the server (a restart, a failover): found by the fault drill
 * `bench/drills/postgres-restart.ts`. A TCP proxy in front of the real server cuts the
 * connections at chosen moments, so the shared server itself is never restarted.
 */
const target = inject('testDatabase');

describe('PostgreSQL connections lost under the pool', () => {
  let proxy: Awaited<ReturnType<typeof startProxy>> | undefined;
  let database: DatabaseHandle | undefined;

  afterEach(async () => {
    // Before the fix a leaked client kept `pool.end()` waiting forever.
    await withTimeout(database?.close() ?? Promise.resolve(), 5000).catch(() => undefined);
    await proxy?.close();
    database = undefined;
    proxy = undefined;
  });

  async function open(poolSize: number) {
    if (target.kind !== 'postgres') throw new Error('PostgreSQL only');
    proxy = await startProxy(target.url);
    database = await openDatabase({ kind: 'postgres', url: proxy.url, poolSize });
    return { proxy, transaction: database.transaction };
  }

  it('survives a connection lost between the queries of a transaction', async () => {
    const { proxy, transaction: inTransaction } = await open(2);
    const transaction = inTransaction(async (tx) => {
      await tx.execute(sql`select 1`);
      // The connection dies while the client is checked out and idle: before the fix the
      // client's 'error' event had no listener and took the whole process down.
      proxy.cutAll();
      await new Promise((resolve) => setTimeout(resolve, 100));
      await tx.execute(sql`select 2`);
    });
    await expect(transaction).rejects.toThrow();
    await expect(withTimeout(database?.ping() ?? Promise.resolve(), 5000)).resolves.toBe(undefined);
  });

  it('gives back the pool slot of a transaction whose begin fails', async () => {
    const { proxy, transaction } = await open(2);
    proxy.state.cutOnBegin = true;
    let worked = 0;
    for (let n = 0; n < 4; n++) {
      const attempt = transaction(async (tx) => {
        worked++;
        return tx.execute(sql`select 1`);
      });
      await expect(withTimeout(attempt, 5000)).rejects.toThrow(/^begin failed: /);
    }
    // Each failed at its begin: no work ran.
    expect(worked).toBe(0);
    expect(proxy.state.cuts).toBe(4);
    proxy.state.cutOnBegin = false;
    // Both slots are usable again: two transactions holding a client each at the same time.
    const both = Promise.all(
      [1, 2].map((n) =>
        transaction(async (tx) => {
          await tx.execute(sql`select pg_sleep(0.05)`);
          return n;
        }),
      ),
    );
    await expect(withTimeout(both, 5000)).resolves.toEqual([1, 2]);
    await expect(withTimeout(database?.ping() ?? Promise.resolve(), 5000)).resolves.toBe(undefined);
  });
});
