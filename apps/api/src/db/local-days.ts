import { type SQL, sql } from 'drizzle-orm';

/**
 * Local days in the configured time zone, written as SQL so that PostgreSQL's time zone rules
 * decide both the rollups' days (written with each sale) and the bounds of the periods read.
 */

/** Today in `timeZone` at the instant `now`. */
export function localToday(now: Date, timeZone: string): SQL {
  return sql`((${now.toISOString()}::timestamptz at time zone ${timeZone})::date)`;
}

/** The local day of a timestamp expression. */
export function localDay(timestamp: SQL, timeZone: string): SQL {
  return sql`((${timestamp} at time zone ${timeZone})::date)`;
}

/** The instant at which a local day (a SQL date expression) starts. */
export function startOfLocalDay(day: SQL, timeZone: string): SQL {
  return sql`((${day})::timestamp at time zone ${timeZone})`;
}
