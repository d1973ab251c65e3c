/**
 * The seller center's time zone decides what a day is (`TIME_ZONE`, Asia/Seoul by default,
 * docs/product-rules.md "Time zone and periods"): the API counts "today", "this month" and the
 * days of its charts there, and the app shows every date and time there too, whatever the
 * reader's browser is set to, so that a sale counted under "Today" never reads as yesterday.
 * The API does not tell the app its zone, so the app keeps the documented one. Seoul keeps
 * UTC+9 all year (no daylight saving time since 1988): a fixed offset is exact, and needs no
 * Intl.DateTimeFormat in that zone, whose first use loads the browser's time zone data on the
 * main thread while a screen first renders (decision 052).
 */
export const sellerTimeZoneOffsetMs = 9 * 60 * 60 * 1000;

/**
 * The seller center's wall clock at `instant`, held in the UTC fields of the answer (read it
 * with `getUTCFullYear`, `getUTCHours`…, never with the local getters).
 */
export function sellerWallClock(instant: Date): Date {
  return new Date(instant.getTime() + sellerTimeZoneOffsetMs);
}

/** Today in the seller center's time zone, `yyyy-MM-dd`. */
export function sellerToday(now: Date = new Date()): string {
  return sellerWallClock(now).toISOString().slice(0, 10);
}

const pad = (value: number, length = 2) => String(value).padStart(length, '0');

/**
 * An instant as a `datetime-local` value (`yyyy-MM-ddTHH:mm`) on the seller center's clock;
 * empty for none or for what does not read as a time.
 */
export function sellerInputOf(iso: string | null): string {
  if (!iso) return '';
  const instant = new Date(iso);
  if (Number.isNaN(instant.getTime())) return '';
  const clock = sellerWallClock(instant);
  return `${pad(clock.getUTCFullYear(), 4)}-${pad(clock.getUTCMonth() + 1)}-${pad(clock.getUTCDate())}T${pad(clock.getUTCHours())}:${pad(clock.getUTCMinutes())}`;
}

/**
 * A `datetime-local` value read on the seller center's clock, as an ISO instant; null for an
 * empty or unreadable value.
 */
export function isoOfSellerInput(value: string): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(value);
  if (!match) return null;
  const [year, month, day, hours, minutes, seconds] = match
    .slice(1)
    .map((field) => Number(field ?? 0));
  const clock = new Date(0);
  clock.setUTCFullYear(year ?? 0, (month ?? 1) - 1, day ?? 1);
  clock.setUTCHours(hours ?? 0, minutes ?? 0, seconds ?? 0, 0);
  const instant = clock.getTime() - sellerTimeZoneOffsetMs;
  return Number.isNaN(instant) ? null : new Date(instant).toISOString();
}
