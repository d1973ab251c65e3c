import { type Placeholder, type SQL, sql } from 'drizzle-orm';

/**
 * Local days in the configured time zone, written as SQL so that PostgreSQL's time zone rules
 * decide both the rollups' days (written with each sale) and the bounds of the periods read.
 */

/** Today in `timeZone` at the instant `now` (a placeholder in a prepared statement). */
export function localToday(now: Date | Placeholder, timeZone: string): SQL {
  const instant = now instanceof Date ? now.toISOString() : now;
  return sql`((${instant}::timestamptz at time zone ${timeZone})::date)`;
}

/** The local day of a timestamp expression. */
export function localDay(timestamp: SQL, timeZone: string): SQL {
  return sql`((${timestamp} at time zone ${timeZone})::date)`;
}

/** The instant at which a local day (a SQL date expression) starts. */
export function startOfLocalDay(day: SQL, timeZone: string): SQL {
  return sql`((${day})::timestamp at time zone ${timeZone})`;
}

/**
 * A timestamp as the API writes it (`Date.prototype.toISOString()`: UTC, milliseconds, `Z`),
 * formatted by PostgreSQL: a hot read then neither parses it into a Date nor formats it back.
 */
export function isoTimestamp(timestamp: SQL): SQL {
  return sql`to_char(${timestamp} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
}
