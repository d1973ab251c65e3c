import type { SalesPeriod } from '@seller/contract/limits';
import { type SQL, sql } from 'drizzle-orm';

/**
 * Sales periods as ranges of local days in the configured time zone, written as SQL so that
 * PostgreSQL's time zone rules decide both the rollups' days and the periods' bounds.
 */
export interface DayWindow {
  /** First local day of the period (a SQL date expression). */
  from: SQL;
  /** Last local day of the period: today. */
  to: SQL;
}

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

/** `undefined` for `all`: no bounds. */
export function periodWindow(
  period: SalesPeriod,
  now: Date,
  timeZone: string,
): DayWindow | undefined {
  const today = localToday(now, timeZone);
  switch (period) {
    case 'all':
      return undefined;
    case 'today':
      return { from: today, to: today };
    case 'week':
      return { from: sql`(${today} - 6)`, to: today };
    case 'month':
      return { from: sql`(date_trunc('month', ${today}::timestamp)::date)`, to: today };
  }
}

/** `sales.purchased_at` (or another timestamp column) inside the window's days. */
export function purchasedWithin(column: SQL, window: DayWindow, timeZone: string): SQL {
  return sql`${column} >= ${startOfLocalDay(window.from, timeZone)} and ${column} < ${startOfLocalDay(sql`(${window.to} + 1)`, timeZone)}`;
}
