import type pg from 'pg';
import type { RawRow } from './prepared.ts';

/**
 * Runs a named statement on a pool: parsed and planned once per connection, each row as
 * node-postgres would return it (columns by name, each value through pg's type parser).
 */
export type NamedStatementRunner = (
  name: string,
  text: string,
  values: unknown[],
) => Promise<RawRow[]>;

type Fields = readonly (string | null)[];

/** The columns a statement answers with, and how one of its rows is built from a data row. */
interface RowShape {
  names: string[];
  typeIds: number[];
  build: (fields: Fields) => RawRow;
}

/** node-postgres's query object, as far as a subclass relies on it (the `Submittable` protocol). */
interface QueryInternals {
  name?: string;
  callback?: (error: Error | null, rows?: RawRow[]) => void;
}

/**
 * Named statements run through node-postgres with less per-result work than `pool.query`:
 * a statement's columns are described by PostgreSQL on every execution, and pg rebuilt its
 * parsers and an empty row template from that description each time (its `Result`), then made
 * each row by copying the template and setting every column by name. Here the shape of a
 * statement's rows (names, type ids) is kept per statement name; an execution whose description
 * matches it reuses its row builder, a function made once that writes the row's object literal
 * with each column's parser. The values are those pg's own result would hold: the same parsers
 * (`pg.types`), and text, uuid and bigint kept as the text PostgreSQL sent (pg's bigint parser
 * returns its text unchanged). A description that differs (a migration changed a column) makes
 * a new shape: nothing is read by position from a stale one.
 */
export function createNamedStatementRunner(
  driver: Pick<typeof pg, 'Query' | 'types'>,
  pool: pg.Pool,
): NamedStatementRunner {
  const shapes = new Map<string, RowShape>();
  const parserOf = driver.types.getTypeParser as (
    typeId: number,
    format: 'text',
  ) => (text: string) => unknown;
  // pg-types' parser of the types it leaves as text (no type has id 0).
  const unparsed = parserOf(0, 'text');
  const bigint = 20;

  const shapeOf = (fields: readonly pg.FieldDef[]): RowShape => {
    const names = fields.map((field) => field.name);
    const typeIds = fields.map((field) => field.dataTypeID);
    const parsers = typeIds.map((typeId) => {
      const parser = parserOf(typeId, 'text');
      return parser === unparsed || typeId === bigint ? undefined : parser;
    });
    // `{"id": f[0] === null ? null : f[0], "price": f[3] === null ? null : p[3](f[3]), …}`
    const body = names
      .map((name, index) => {
        const value = parsers[index] ? `p[${index}](f[${index}])` : `f[${index}]`;
        return `${JSON.stringify(name)}: f[${index}] === null ? null : ${value}`;
      })
      .join(', ');
    const make = new Function('p', 'f', `return { ${body} };`) as (
      p: typeof parsers,
      f: Fields,
    ) => RawRow;
    return { names, typeIds, build: (row) => make(parsers, row) };
  };

  const sameShape = (shape: RowShape, fields: readonly pg.FieldDef[]) => {
    if (shape.names.length !== fields.length) return false;
    for (let index = 0; index < fields.length; index++) {
      const field = fields[index] as pg.FieldDef;
      if (shape.names[index] !== field.name || shape.typeIds[index] !== field.dataTypeID)
        return false;
    }
    return true;
  };

  const noRows: RowShape = { names: [], typeIds: [], build: () => ({}) };

  class NamedStatement extends driver.Query {
    readonly collected: RawRow[] = [];
    shape: RowShape = noRows;
    failure: Error | undefined;

    constructor(
      name: string,
      text: string,
      values: unknown[],
      callback: (error: Error | null, rows?: RawRow[]) => void,
    ) {
      // Text and values as arguments: pg copies a config object's properties on every call.
      super(text, values);
      const self = this as unknown as QueryInternals;
      self.name = name;
      self.callback = callback;
    }

    handleRowDescription(message: { fields: pg.FieldDef[] }) {
      const name = (this as unknown as QueryInternals).name as string;
      let shape = shapes.get(name);
      if (!shape || !sameShape(shape, message.fields)) {
        shape = shapeOf(message.fields);
        shapes.set(name, shape);
      }
      this.shape = shape;
    }

    handleDataRow(message: { fields: Fields }) {
      if (this.failure) return;
      try {
        this.collected.push(this.shape.build(message.fields));
      } catch (error) {
        // As pg does: the statement runs to its end, and the error is reported then.
        this.failure = error instanceof Error ? error : new Error(String(error));
      }
    }

    handleCommandComplete() {}

    handleReadyForQuery() {
      const { callback } = this as unknown as QueryInternals;
      if (this.failure) callback?.(this.failure);
      else callback?.(null, this.collected);
    }

    handleError(error: Error) {
      (this as unknown as QueryInternals).callback?.(this.failure ?? error);
    }
  }

  return (name, text, values) =>
    new Promise((resolve, reject) => {
      pool.connect((connectError, client, release) => {
        if (connectError || !client) {
          reject(connectError ?? new Error('no client from the pool'));
          return;
        }
        let settled = false;
        const statement = new NamedStatement(name, text, values, (error, rows) => {
          if (settled) return;
          settled = true;
          // As pool.query does: a client whose statement failed is closed, not reused.
          release(error ?? undefined);
          if (error) reject(error);
          else resolve(rows ?? []);
        });
        client.query(statement);
      });
    });
}
