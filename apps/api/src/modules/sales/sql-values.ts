/**
 * Raw queries come back from node-postgres and PGlite in slightly different shapes: bigint and
 * numeric sums as strings or numbers, timestamps as Date objects. These read them strictly.
 */

export function rowsOf<T>(result: unknown): T[] {
  const rows = (result as { rows?: unknown }).rows;
  if (!Array.isArray(rows)) throw new Error('query result without rows');
  return rows as T[];
}

/** A whole number within the safe integer range (sums of bigint columns arrive as strings). */
export function toInteger(value: unknown): number {
  if (value === null || value === undefined) return 0;
  const number = typeof value === 'bigint' ? Number(value) : Number(value as string | number);
  if (!Number.isSafeInteger(number)) throw new Error(`not a safe integer: ${String(value)}`);
  return number;
}

export function toDate(value: unknown): Date {
  const date = value instanceof Date ? value : new Date(String(value));
  if (Number.isNaN(date.getTime())) throw new Error(`not a timestamp: ${String(value)}`);
  return date;
}
