import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';

/**
 * Raw queries come back from node-postgres and PGlite in slightly different shapes: bigint and
 * numeric sums as strings or numbers, timestamps as Date objects or text. A raw query's rows
 * are parsed with a schema built from these, so a changed column fails loudly, never silently.
 */

/** The rows of a raw query's result, as the driver returned them (not checked). */
export function rowsOf<T = unknown>(result: unknown): T[] {
  const rows = (result as { rows?: unknown }).rows;
  if (!Array.isArray(rows)) throw new Error('query result without rows');
  return rows as T[];
}

/** The rows of a raw query's result, each parsed by `schema`. */
export function parseRows<S extends z.ZodType>(schema: S, result: unknown): z.output<S>[] {
  return rowsOf(result).map((row) => schema.parse(row));
}

/** A whole number within the safe integer range (sums of bigint columns arrive as strings). */
export const sqlInteger = z
  .union([z.number(), z.string(), z.bigint()])
  .transform((value, context) => {
    const number = Number(value);
    if (typeof value === 'string' && value.trim() === '') {
      context.addIssue({ code: 'custom', message: 'not a number: an empty string' });
      return z.NEVER;
    }
    if (!Number.isSafeInteger(number)) {
      context.addIssue({ code: 'custom', message: `not a safe integer: ${String(value)}` });
      return z.NEVER;
    }
    return number;
  });

/** A `timestamptz`: a Date from node-postgres, text from some PGlite paths. */
export const sqlTimestamp = z.union([z.date(), z.string()]).transform((value, context) => {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) {
    context.addIssue({ code: 'custom', message: `not a timestamp: ${String(value)}` });
    return z.NEVER;
  }
  return date;
});

/**
 * A whole number within the safe integer range, as a driver gives it (a number, or a bigint sum
 * as text); anything else throws, naming `name` in `source` (the message is built only then).
 */
export function wholeNumber(value: unknown, name: string, source = 'column'): number {
  const number =
    typeof value === 'number'
      ? value
      : (typeof value === 'string' && value.trim() !== '') || typeof value === 'bigint'
        ? Number(value)
        : Number.NaN;
  if (!Number.isSafeInteger(number))
    throw new Error(`${source} ${name}: not a safe integer: ${String(value)}`);
  return number;
}

/**
 * A whole number written into a statement's text, not sent as a parameter: for a constant that
 * PostgreSQL must see when it plans a statement it keeps (a LIMIT's cap).
 */
export function integerLiteral(value: number): SQL {
  if (!Number.isSafeInteger(value)) throw new Error(`not a whole number: ${value}`);
  return sql.raw(String(value));
}

/**
 * Readers of one column of a raw row: how every raw statement's rows are read (the hot
 * statements of `hot-statements.ts`, and the raw statements run inside a transaction), where
 * zod's parse of every row showed in profiles. The same checks (a changed column fails loudly),
 * by hand.
 */
export const column = {
  integer(row: Record<string, unknown>, name: string): number {
    return wholeNumber(row[name], name);
  },

  nullableInteger(row: Record<string, unknown>, name: string): number | null {
    return row[name] === null ? null : wholeNumber(row[name], name);
  },

  text(row: Record<string, unknown>, name: string): string {
    const value = row[name];
    if (typeof value !== 'string') throw new Error(`column ${name}: not text: ${String(value)}`);
    return value;
  },

  nullableText(row: Record<string, unknown>, name: string): string | null {
    const value = row[name];
    if (value === null) return null;
    if (typeof value !== 'string') throw new Error(`column ${name}: not text: ${String(value)}`);
    return value;
  },

  boolean(row: Record<string, unknown>, name: string): boolean {
    const value = row[name];
    if (typeof value !== 'boolean')
      throw new Error(`column ${name}: not a boolean: ${String(value)}`);
    return value;
  },

  nullableBoolean(row: Record<string, unknown>, name: string): boolean | null {
    return row[name] === null ? null : column.boolean(row, name);
  },

  /** A `timestamptz`: a Date from the drivers' parsers, text through drizzle's `execute`. */
  timestamp(row: Record<string, unknown>, name: string): Date {
    const value = row[name];
    const date =
      value instanceof Date ? value : typeof value === 'string' ? new Date(value) : undefined;
    if (!date || Number.isNaN(date.getTime()))
      throw new Error(`column ${name}: not a timestamp: ${String(value)}`);
    return date;
  },

  /** A `timestamptz` or null. */
  nullableTimestamp(row: Record<string, unknown>, name: string): Date | null {
    return row[name] === null ? null : column.timestamp(row, name);
  },

  /** A `boolean[]` without nulls. */
  booleans(row: Record<string, unknown>, name: string): boolean[] {
    const value = row[name];
    if (!Array.isArray(value) || !value.every((item) => typeof item === 'boolean'))
      throw new Error(`column ${name}: not a list of booleans: ${String(value)}`);
    return value;
  },

  /** A `text[]` without nulls, or null. */
  nullableTexts(row: Record<string, unknown>, name: string): string[] | null {
    const value = row[name];
    if (value === null) return null;
    if (!Array.isArray(value) || !value.every((item) => typeof item === 'string'))
      throw new Error(`column ${name}: not a list of text: ${String(value)}`);
    return value;
  },

  /** A `json` tuple of `width` values (`json_build_array(…)`), each read with `cell`. */
  tuple(row: Record<string, unknown>, name: string, width: number): unknown[] {
    const value = row[name];
    if (!Array.isArray(value) || value.length !== width)
      throw new Error(`column ${name}: not a ${width}-tuple: ${String(value)}`);
    return value;
  },

  /**
   * A `json` list of tuples, each a list of `width` values: child rows that PostgreSQL built
   * with `json_agg(json_build_array(…))`, so that a row carries them (one JSON.parse by the
   * driver instead of a field per value). Each value is then read with `cell`.
   */
  tuples(row: Record<string, unknown>, name: string, width: number): unknown[][] {
    const value = row[name];
    if (
      !Array.isArray(value) ||
      !value.every((item) => Array.isArray(item) && item.length === width)
    )
      throw new Error(`column ${name}: not a list of ${width}-tuples: ${String(value)}`);
    return value;
  },
};

/** Readers of one value of a tuple of `column.tuples`, with the same checks as `column`'s. */
export const cell = {
  text(tuple: unknown[], index: number, name: string): string {
    const value = tuple[index];
    if (typeof value !== 'string') throw new Error(`${name}[${index}]: not text: ${String(value)}`);
    return value;
  },

  nullableText(tuple: unknown[], index: number, name: string): string | null {
    const value = tuple[index];
    if (value === null) return null;
    if (typeof value !== 'string') throw new Error(`${name}[${index}]: not text: ${String(value)}`);
    return value;
  },

  integer(tuple: unknown[], index: number, name: string): number {
    return wholeNumber(tuple[index], name, `value ${index} of`);
  },

  nullableInteger(tuple: unknown[], index: number, name: string): number | null {
    return tuple[index] === null ? null : wholeNumber(tuple[index], name, `value ${index} of`);
  },

  boolean(tuple: unknown[], index: number, name: string): boolean {
    const value = tuple[index];
    if (typeof value !== 'boolean')
      throw new Error(`${name}[${index}]: not a boolean: ${String(value)}`);
    return value;
  },
};
