import pg from 'pg';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { createNamedStatementRunner, type NamedStatementRunner } from './statement-rows.ts';

/**
 * The named statements of the hot reads, run through node-postgres's query protocol with rows
 * built from a shape kept per statement: the rows must be exactly those `pool.query` gives, and
 * the pool must come out of every failure with its connections usable.
 */
const target = inject('testDatabase');

const pools: pg.Pool[] = [];
afterEach(async () => {
  await Promise.all(pools.splice(0).map((pool) => pool.end()));
});

function openPool(max: number): { pool: pg.Pool; run: NamedStatementRunner } {
  if (target.kind !== 'postgres') throw new Error('PostgreSQL only');
  const pool = new pg.Pool({ connectionString: target.url, max });
  pool.on('error', () => {});
  pool.on('connect', (client) => client.on('error', () => {}));
  pools.push(pool);
  return { pool, run: createNamedStatementRunner(pg, pool) };
}

const everyType = `
  select n as int4, (n * 2)::int2 as int2, (9007199254740993 + n)::int8 as int8,
         ('text ' || n)::text as text, 'ü "quoted", comma'::varchar as varchar,
         '00000000-0000-4000-8000-000000000001'::uuid as uuid, n % 2 = 0 as bool,
         json_build_object('n', n, 'list', json_build_array(1, 'two')) as json,
         '{"b": [2]}'::jsonb as jsonb, '2026-01-02T03:04:05.678Z'::timestamptz as timestamptz,
         '2026-01-02'::date as date, 1.50::numeric as numeric, 2.5::float8 as float8,
         array[1, 2, n] as int_array, null::int as nothing, $1::text as "odd ""name"", too"
  from generate_series(1, 3) n`;

describe('named statements with rows built once per shape', () => {
  it('gives the rows pool.query gives, every type and null included', async () => {
    const { pool, run } = openPool(2);
    const expected = (await pool.query({ name: 'by_pg', text: everyType, values: ['value'] })).rows;
    expect(expected).toHaveLength(3);
    // Twice: the first execution makes the shape, the second reuses it.
    for (let round = 0; round < 2; round++) {
      const rows = await run('every_type', everyType, ['value']);
      expect(rows).toEqual(expected);
      expect(rows[0]?.nothing).toBeNull();
      expect(rows[0]?.timestamptz).toBeInstanceOf(Date);
      expect(rows[0]?.int8).toBe('9007199254740994');
    }
  });

  it('gives an empty list for no rows', async () => {
    const { run } = openPool(1);
    expect(await run('no_rows', 'select 1 as one where false', [])).toEqual([]);
  });

  it('builds the new shape when a statement answers with other columns', async () => {
    const { pool, run } = openPool(1);
    const table = `shape_${Date.now()}`;
    await pool.query(`create table ${table} (x int)`);
    try {
      await pool.query(`insert into ${table} values (7)`);
      const text = `select * from ${table}`;
      expect(await run('shape_change', text, [])).toEqual([{ x: 7 }]);
      await pool.query(`alter table ${table} alter column x type text, add column y bool`);
      // The connection's prepared plan no longer fits: PostgreSQL refuses it once, and the
      // failed connection is closed, so the next call prepares the statement afresh.
      await run('shape_change', text, []).catch(() => undefined);
      expect(await run('shape_change', text, [])).toEqual([{ x: '7', y: null }]);
    } finally {
      await pool.query(`drop table ${table}`);
    }
  });

  it('rejects with PostgreSQL error and gives the connection back', async () => {
    const { pool, run } = openPool(1);
    const text = 'select 10 / $1::int as quotient';
    await expect(run('divide', text, [0])).rejects.toMatchObject({ code: '22012' });
    expect(await run('divide', text, [5])).toEqual([{ quotient: 2 }]);
    expect(pool.totalCount).toBeLessThanOrEqual(1);
    expect(pool.waitingCount).toBe(0);
  });

  it('answers each of many statements in flight on few connections with its own rows', async () => {
    const { run } = openPool(2);
    const answers = await Promise.all(
      Array.from({ length: 60 }, (_, index) =>
        run('echo', 'select $1::int as value, pg_backend_pid() as pid', [index]),
      ),
    );
    expect(answers.map((rows) => rows[0]?.value)).toEqual(
      Array.from({ length: 60 }, (_, index) => index),
    );
    expect(new Set(answers.map((rows) => rows[0]?.pid)).size).toBeLessThanOrEqual(2);
  });

  it('rejects a statement whose connection is lost, and the next one gets a new connection', async () => {
    const { pool, run } = openPool(1);
    const [first] = await run('pid', 'select pg_backend_pid() as pid', []);
    // Its failure is taken as soon as it comes, while this test is still ending the connection.
    const sleeping = run('sleep', 'select pg_sleep(10) as slept', []).then(
      () => undefined,
      (error: unknown) => error,
    );
    const admin = new pg.Client({ connectionString: target.kind === 'postgres' ? target.url : '' });
    await admin.connect();
    try {
      // Wait until the statement runs on the server, then end its connection.
      for (let tries = 0; tries < 100; tries++) {
        const { rows } = await admin.query(
          `select count(*)::int as running from pg_stat_activity
           where pid = $1 and state = 'active'`,
          [first?.pid],
        );
        if (rows[0]?.running === 1) break;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      await admin.query('select pg_terminate_backend($1)', [first?.pid]);
    } finally {
      await admin.end();
    }
    expect(await sleeping).toMatchObject({ code: '57P01' });
    const [after] = await run('pid', 'select pg_backend_pid() as pid', []);
    expect(after?.pid).not.toBe(first?.pid);
    expect(pool.totalCount).toBe(1);
  });
});
