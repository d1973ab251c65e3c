import net from 'node:net';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { startProxy, withTimeout } from '../test/postgres-proxy.ts';
import { type DatabaseHandle, openDatabase } from './client.ts';
import { createReadPipeline, type ReadPipeline } from './read-pipeline.ts';
import { rowsOf } from './sql-values.ts';

/**
 * The hot reads' pipelined connections, on the real server: each read answered with its own
 * rows or error, reads spread over the connections, a lost connection opened again, and
 * statements that take locks kept on the pool.
 */
const target = inject('testDatabase');
const url = () => {
  if (target.kind !== 'postgres') throw new Error('PostgreSQL only');
  return target.url;
};

const backendOf = { text: 'select pg_backend_pid() as pid', values: [] };
/** A database handle with a pool of one connection and `readConnections` pipelined ones. */
const onePool = (readConnections: number) =>
  openDatabase({ kind: 'postgres', url: url(), poolSize: 1, readConnections });
/** The backend of the pool's connection (a pool of one). */
const poolBackend = async (database: DatabaseHandle) =>
  rowsOf<{ pid: number }>(await database.db.execute(sql`select pg_backend_pid() as pid`))[0]?.pid;

describe('the read pipeline', () => {
  let pipeline: ReadPipeline | undefined;
  let proxy: Awaited<ReturnType<typeof startProxy>> | undefined;
  let database: DatabaseHandle | undefined;

  afterEach(async () => {
    await withTimeout(pipeline?.close() ?? Promise.resolve(), 5000);
    await withTimeout(database?.close() ?? Promise.resolve(), 5000);
    await proxy?.close();
    pipeline = undefined;
    database = undefined;
    proxy = undefined;
  });

  it('answers each of many reads in flight with its own rows, over every connection', async () => {
    pipeline = createReadPipeline(pg.Client, url(), 3);
    const answers = await Promise.all(
      Array.from({ length: 60 }, (_, n) =>
        pipeline?.run({
          name: 'pipeline_echo',
          text: 'select $1::int as n, pg_backend_pid() as pid from pg_sleep(0.002)',
          values: [n],
        }),
      ),
    );
    expect(answers.map((rows) => rows?.[0]?.n)).toEqual(Array.from({ length: 60 }, (_, n) => n));
    // Given to the connection with the fewest in flight: all three carried reads.
    expect(new Set(answers.map((rows) => rows?.[0]?.pid)).size).toBe(3);
  });

  it('sends the reads given to a busy connection in one turn of the event loop together', async () => {
    /** A socket that counts the sends its stream hands the operating system. */
    class CountingSocket extends net.Socket {
      sends = 0;
      override _write(
        chunk: unknown,
        encoding: BufferEncoding,
        done: (error?: Error | null) => void,
      ): void {
        this.sends += 1;
        super._write(chunk, encoding, done);
      }
      override _writev(
        chunks: { chunk: unknown; encoding: BufferEncoding }[],
        done: (error?: Error | null) => void,
      ): void {
        this.sends += 1;
        super._writev?.(chunks, done);
      }
    }
    const sockets: CountingSocket[] = [];
    pipeline = createReadPipeline(pg.Client, url(), 1, () => {
      const socket = new CountingSocket();
      sockets.push(socket);
      return socket;
    });
    const echo = (n: number) =>
      pipeline?.run({ name: 'pipeline_together', text: 'select $1::int as n', values: [n] });
    await echo(0);
    const [socket] = sockets;
    if (!socket) throw new Error('no connection was opened');
    const before = socket.sends;
    const answers = await Promise.all(Array.from({ length: 8 }, (_, n) => echo(n)));
    expect(answers.map((rows) => rows?.[0]?.n)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    // Eight reads, one send (one each without gathering them).
    expect(socket.sends - before).toBe(1);
    // A read to an idle connection is not held until the turn ends: it is sent before a
    // callback set for the end of this turn runs.
    const idle = socket.sends;
    const sentByTurnEnd = new Promise<number>((resolve) =>
      setImmediate(() => resolve(socket.sends - idle)),
    );
    const alone = echo(8);
    expect(await sentByTurnEnd).toBe(1);
    expect((await alone)?.[0]?.n).toBe(8);
  });

  it("keeps one read's error its own", async () => {
    pipeline = createReadPipeline(pg.Client, url(), 1);
    const settled = await Promise.allSettled([
      pipeline.run({ text: 'select 1 as n', values: [] }),
      pipeline.run({ text: 'select 1 / $1::int as n', values: [0] }),
      pipeline.run({ text: 'select 3 as n', values: [] }),
    ]);
    expect(settled.map((outcome) => outcome.status)).toEqual([
      'fulfilled',
      'rejected',
      'fulfilled',
    ]);
    expect(settled[2]?.status === 'fulfilled' && settled[2].value).toEqual([{ n: 3 }]);
  });

  it('fails the reads in flight on a lost connection and opens it again for the next', async () => {
    proxy = await startProxy(url());
    pipeline = createReadPipeline(pg.Client, proxy.url, 1);
    const [before] = await pipeline.run(backendOf);
    const inFlight = pipeline.run({ text: 'select pg_sleep(1)', values: [] });
    await new Promise((resolve) => setTimeout(resolve, 100));
    proxy.cutAll();
    await expect(withTimeout(inFlight, 5000)).rejects.toThrow();
    const [after] = await withTimeout(pipeline.run(backendOf), 5000);
    expect(after?.pid).not.toBe(before?.pid);
  });

  it('answers the reads in flight before it closes, and refuses reads after', async () => {
    pipeline = createReadPipeline(pg.Client, url(), 1);
    await pipeline.run(backendOf);
    const inFlight = pipeline.run({ text: 'select 7 as n from pg_sleep(0.1)', values: [] });
    await pipeline.close();
    await expect(inFlight).resolves.toEqual([{ n: 7 }]);
    await expect(pipeline.run(backendOf)).rejects.toThrow(/closed/);
  });

  it('carries the hot reads of a database handle, and leaves statements that lock to the pool', async () => {
    database = await onePool(1);
    const pool = await poolBackend(database);
    const read = database.statements.prepare(
      'pipeline_backend',
      sql`select pg_backend_pid() as pid`,
      (row) => row.pid,
    );
    const locking = database.statements.prepare(
      'pipeline_backend_locking',
      sql`select pg_backend_pid() as pid`,
      (row) => row.pid,
      { locks: true },
    );
    const [readBackend] = await read({});
    const [lockingBackend] = await locking({});
    expect(lockingBackend).toBe(pool);
    expect(readBackend).not.toBe(pool);
    await database.close();
    // Without pipelined connections, the hot reads go through the pool.
    database = await onePool(0);
    const onlyPool = await poolBackend(database);
    const [pooled] = await database.statements.run(backendOf);
    expect(pooled?.pid).toBe(onlyPool);
  });
});
