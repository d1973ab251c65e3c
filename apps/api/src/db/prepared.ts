import { fillPlaceholders, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Database } from './client.ts';
import type { NamedStatementRunner } from './statement-rows.ts';

/** A row as the driver returns it, columns by name. */
export type RawRow = Record<string, unknown>;

interface NodePostgresPool {
  totalCount: number;
}

interface PgliteClient {
  query(text: string, values: unknown[]): Promise<{ rows: RawRow[] }>;
}

const dialect = new PgDialect();

/** Each node-postgres pool's runner of named statements (`statement-rows.ts`), set when it opens. */
const runners = new WeakMap<object, NamedStatementRunner>();

export function useNamedStatementRunner(pool: object, runner: NamedStatementRunner): void {
  runners.set(pool, runner);
}

/** The runner of a node-postgres pool opened by `openDatabase`. */
export function namedStatementRunner(pool: object): NamedStatementRunner {
  const runner = runners.get(pool);
  if (!runner) throw new Error('this pool has no named statement runner');
  return runner;
}

/**
 * A statement written once with drizzle's `sql` (`sql.placeholder(name)` for what each call
 * supplies) and sent under `name`: node-postgres prepares it once per connection, so
 * PostgreSQL parses it once and, after planning its first five calls for their values, keeps
 * one plan for all values when that plan looks no costlier (a LIMIT that is only a parameter
 * can make it look costlier: `integerLiteral`; `hot-read-plans.postgres.test.ts` checks every
 * hot read). Nothing is built per call. Each row comes back with the values the driver's type
 * parsers give (on PostgreSQL through the pool's runner, `statement-rows.ts`) and `read` makes
 * it the caller's type (the readers of `sql-values.ts`). For the hot reads of the dashboard; runs on the database
 * itself, never inside a transaction.
 */
export function preparedStatement<Row>(
  db: Database,
  name: string,
  query: SQL,
  read: (row: RawRow) => Row,
): (values: Record<string, unknown>) => Promise<Row[]> {
  const { sql: text, params } = dialect.sqlToQuery(query);
  const client = (db as unknown as { $client?: NodePostgresPool | PgliteClient }).$client;
  if (!client)
    throw new Error(`${name}: prepared statements run on the database, not a transaction`);
  const runner = runners.get(client);
  let run: (values: unknown[]) => Promise<RawRow[]>;
  if (runner) {
    run = (values) => runner(name, text, values);
  } else if ('totalCount' in client) {
    throw new Error(`${name}: the pool has no named statement runner`);
  } else {
    run = async (values) => (await client.query(text, values)).rows;
  }
  return async (values) => {
    const rows = await run(fillPlaceholders(params, values));
    const result: Row[] = new Array(rows.length);
    for (let i = 0; i < rows.length; i++) result[i] = read(rows[i] as RawRow);
    return result;
  };
}
