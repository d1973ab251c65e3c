import { sellerToday } from './seller-time-zone';

/** A rate older than this many days is shown with a warning beside the amounts it converts. */
export const staleRateDays = 7;

/**
 * How many days before `now` the rate's day `yyyy-MM-dd` is, both days of the seller center's
 * calendar (the API dates its rates there); 0 for today or a day to come, undefined for a date
 * that does not read.
 */
export function rateAgeDays(date: string, now: Date = new Date()): number | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) return undefined;
  const rateDay = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  const today = Date.parse(`${sellerToday(now)}T00:00:00Z`);
  if (Number.isNaN(rateDay)) return undefined;
  return Math.max(0, Math.round((today - rateDay) / 86_400_000));
}

/** Whether the rate of `date` is older than `staleRateDays`. */
export function isRateStale(date: string, now: Date = new Date()): boolean {
  const age = rateAgeDays(date, now);
  return age !== undefined && age > staleRateDays;
}
