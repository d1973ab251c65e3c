/** The local day (`yyyy-MM-dd`) of an instant in a time zone. */
export function localDayOf(at: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(at);
}

const dayMs = 24 * 3600 * 1000;

/**
 * A `yyyy-MM-dd` day as a count of days since 1970-01-01. Periods are measured and walked with
 * these numbers, not by comparing day strings: a day past 9999-12-31 has no `yyyy-MM-dd` form.
 */
export function dayNumber(day: string): number {
  return Math.round(Date.parse(`${day}T00:00:00Z`) / dayMs);
}

/** The day `days` after (or before, when negative) a `yyyy-MM-dd` day, within years 0–9999. */
export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}
