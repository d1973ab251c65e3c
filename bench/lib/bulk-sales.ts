/**
 * Sales made by SQL in bulk (`INSERT … SELECT generate_series`), the way a migration from
 * another system would load them: the sales indexes dropped first and built after, foreign-key
 * triggers off for the load; then the rollups rebuilt by the server's own `rebuildRollups()`,
 * so that the statistics read real figures, and `VACUUM (ANALYZE)` of the tables it filled.
 */
import type pg from 'pg';
import { openDatabase } from '../../apps/api/src/db/client.ts';
import { createPurchaseRepository } from '../../apps/api/src/modules/purchases/purchases.repository.ts';
import { round } from './common.ts';
import { withClient } from './seed.ts';

/** Seconds taken by each step, for the report. */
export type StepSeconds = Record<string, number>;

export async function timed<T>(
  seconds: StepSeconds,
  label: string,
  work: () => Promise<T>,
): Promise<T> {
  const started = performance.now();
  const result = await work();
  seconds[label] = round((performance.now() - started) / 1000, 1);
  return result;
}

/**
 * Runs `insert` (statements writing `sales` rows) with the sales indexes and primary key
 * dropped and the foreign-key triggers off, then builds them again.
 */
export async function loadSales(
  client: pg.Client,
  seconds: StepSeconds,
  insert: () => Promise<unknown>,
): Promise<void> {
  await client.query(`set maintenance_work_mem = '512MB'`);
  const indexes = await client.query<{ indexdef: string; indexname: string }>(
    `select indexname, indexdef from pg_indexes where tablename = 'sales' and indexname <> 'sales_pkey'`,
  );
  // Foreign keys that point at a sale (a refund's) depend on the primary key: dropped with it,
  // made again after it.
  const references = await client.query<{ table: string; name: string; definition: string }>(
    `select conrelid::regclass::text as table, conname as name,
            pg_get_constraintdef(oid) as definition
     from pg_constraint where contype = 'f' and confrelid = 'sales'::regclass`,
  );
  await timed(seconds, 'sales rows', async () => {
    // Generated rows are consistent: skip the per-row foreign key triggers of the bulk load.
    await client.query(`set session_replication_role = replica`);
    for (const { table, name } of references.rows) {
      await client.query(`alter table ${table} drop constraint ${name}`);
    }
    await client.query(`alter table sales drop constraint sales_pkey`);
    for (const { indexname } of indexes.rows) await client.query(`drop index ${indexname}`);
    await insert();
    await client.query(`set session_replication_role = origin`);
  });
  await timed(seconds, 'sales indexes', async () => {
    await client.query(`alter table sales add constraint sales_pkey primary key (id)`);
    for (const { indexdef } of indexes.rows) await client.query(indexdef);
    for (const { table, name, definition } of references.rows) {
      await client.query(`alter table ${table} add constraint ${name} ${definition}`);
    }
  });
}

/** The server's own rebuild of the rollups and sales counts, then `VACUUM (ANALYZE)` of what was filled. */
export async function rebuildRollupsAndVacuum(
  databaseUrl: string,
  timeZone: string,
  seconds: StepSeconds,
): Promise<void> {
  const database = await openDatabase({ kind: 'postgres', url: databaseUrl, poolSize: 1 });
  try {
    await timed(seconds, 'rollups rebuild', () =>
      createPurchaseRepository(database, timeZone).rebuildRollups(),
    );
  } finally {
    await database.close();
  }
  await timed(seconds, 'vacuum analyze', () =>
    withClient(databaseUrl, async (client) => {
      // Only the tables the seed filled. An empty table analyzed as empty (discount holds,
      // refunds, jobs) makes every statement that reads it planned for an empty table; a
      // server's cached plans then keep scanning it whole while the run fills it, until an
      // ANALYZE replans them. On a default PostgreSQL autovacuum analyzes a filling table
      // within a minute; some hosts run without it. Left unanalyzed, as a new database leaves
      // it, an empty table is planned for as a few pages, and read by its indexes.
      const { rows } = await client.query<{ name: string }>(
        `select format('%I', c.relname) as name from pg_class c
         where c.relnamespace = 'public'::regnamespace and c.relkind = 'r'
           and pg_relation_size(c.oid) > 0`,
      );
      for (const { name } of rows) await client.query(`vacuum (analyze) ${name}`);
    }),
  );
}
