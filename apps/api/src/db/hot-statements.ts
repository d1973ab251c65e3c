import { fillPlaceholders, type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';

/** A row as the driver returns it, columns by name, each value through the driver's parsers. */
export type RawRow = Record<string, unknown>;

/**
 * One statement for the driver: node-postgres's query config. With a `name`, node-postgres
 * prepares the text once per connection and later only binds values; PGlite has one connection
 * and no names, and runs the text as given.
 */
export interface StatementConfig {
  name?: string;
  text: string;
  values: unknown[];
  /**
   * The statement takes row locks (it writes), so it may wait for another transaction: on
   * PostgreSQL it runs on a pool connection, never pipelined behind reads (`read-pipeline.ts`).
   */
  locks?: boolean;
}

/** Runs one statement on the database itself (never inside a transaction). */
export type RunStatement = (statement: StatementConfig) => Promise<RawRow[]>;

/**
 * The few statements every page load runs (the dashboard's reads, the token check, the member
 * site's purchase and views), written once with drizzle's `sql` and sent under a name:
 * PostgreSQL parses such a statement once per connection and, after planning its first five
 * calls for their values, keeps one plan for all values when that plan looks no costlier (a
 * LIMIT that is only a parameter can make it look costlier: `integerLiteral` of
 * `sql-values.ts`; `hot-read-plans.postgres.test.ts` checks every hot read). The text is built
 * once; a call only fills in the values of its `sql.placeholder`s. Each row is made the
 * caller's type by `read`, with the `column` readers of `sql-values.ts` (zod's parse of every
 * row showed in profiles).
 *
 * Everything else goes through the query builder. The runner is the database handle's
 * (`openDatabase`), so a repository that runs hot statements is given it.
 */
export interface HotStatements {
  /** Runs a statement under its name, rows as the driver gives them. */
  run: RunStatement;
  /**
   * The statement `query` under `name`; each call takes its placeholders' values by name.
   * `locks`: the statement takes row locks (`StatementConfig.locks`).
   */
  prepare<Row>(
    name: string,
    query: SQL,
    read: (row: RawRow) => Row,
    options?: { locks?: boolean },
  ): (values: Record<string, unknown>) => Promise<Row[]>;
}

const dialect = new PgDialect();

export function createHotStatements(run: RunStatement): HotStatements {
  return {
    run,
    prepare(name, query, read, { locks = false } = {}) {
      const { sql: text, params } = dialect.sqlToQuery(query);
      return async (values) => {
        const rows = await run({ name, text, values: fillPlaceholders(params, values), locks });
        return rows.map(read);
      };
    },
  };
}

/**
 * A named statement for a transaction's connection: written once with drizzle's `sql`, each of
 * its values taken by key (`value(key)`). On PostgreSQL it goes to the driver under its name, so
 * each connection parses it once; on PGlite (one connection, no names) its values are written in
 * and it runs through the query builder. `TransactionStatements.run` runs it.
 */
export interface NamedStatement<Key extends string, Row> {
  readonly name: string;
  /** For node-postgres: the text built once, the values in their places. */
  config(values: Readonly<Record<Key, unknown>>): StatementConfig;
  /** For the query builder: the statement with the values written in as parameters. */
  withValues(values: Readonly<Record<Key, unknown>>): SQL;
  read(row: RawRow): Row;
}

export function namedStatement<Key extends string, Row>(
  name: string,
  write: (value: (key: Key) => SQL) => SQL,
  read: (row: RawRow) => Row,
): NamedStatement<Key, Row> {
  const { sql: text, params } = dialect.sqlToQuery(write((key) => sql`${sql.placeholder(key)}`));
  return {
    name,
    read,
    config: (values) => ({ name, text, values: fillPlaceholders(params, values) }),
    withValues: (values) => write((key) => sql`${sql.param(values[key])}`),
  };
}

/** Named statements on the connection of one transaction (`DataAccess.transaction`). */
export interface TransactionStatements {
  run<Key extends string, Row>(
    statement: NamedStatement<Key, Row>,
    values: Readonly<Record<Key, unknown>>,
  ): Promise<Row[]>;
}
