import { format as formatDate } from 'date-fns';
import { enUS, fr, ja, ko, tr, zhCN } from 'date-fns/locale';
import { currentLanguage } from './i18n';
import { sellerWallClock } from './seller-time-zone';

// Dates apart from the other formats (format.ts): date-fns (~9 kB gzip) loads only with the
// screens that show dates, not with the dashboard.

/** Date formats follow the interface language, each of the six. */
function dateLocale(language: string | undefined) {
  switch (currentLanguage(language)) {
    case 'ko':
      return ko;
    case 'zh':
      return zhCN;
    case 'ja':
      return ja;
    case 'fr':
      return fr;
    case 'tr':
      return tr;
    default:
      return enUS;
  }
}

const calendarDay = /^\d{4}-\d{2}-\d{2}$/;

/**
 * What a value reads as on the seller center's clock (lib/seller-time-zone.ts), in the UTC
 * fields of the answer: an instant at that moment there, a calendar day (`yyyy-MM-dd`, as the
 * API writes days) as that very day, whatever the reader's time zone. Undefined for what does
 * not read as a date.
 */
function sellerClockOf(value: string | Date): Date | undefined {
  if (typeof value === 'string' && calendarDay.test(value)) {
    const day = new Date(`${value}T00:00:00Z`);
    return Number.isNaN(day.getTime()) ? undefined : day;
  }
  const instant = typeof value === 'string' ? new Date(value) : value;
  return Number.isNaN(instant.getTime()) ? undefined : sellerWallClock(instant);
}

const pad = (value: number, length = 2) => String(value).padStart(length, '0');

/** `yyyy-MM-dd` of a wall clock held in UTC fields. */
function dayOf(clock: Date): string {
  return `${pad(clock.getUTCFullYear(), 4)}-${pad(clock.getUTCMonth() + 1)}-${pad(clock.getUTCDate())}`;
}

/**
 * A calendar date in the reader's words, e.g. "November 21st, 2026", "2026년 11월 21일",
 * "21 Kasım 2026": the seller center's day of an instant, or a `yyyy-MM-dd` day as it is.
 */
export function formatLongDate(value: string | Date, language?: string): string {
  const clock = sellerClockOf(value);
  if (!clock) return '';
  // date-fns reads the local fields: the same day at noon in the reader's zone, an hour that
  // every day has (a change to or from summer time skips or repeats one near midnight).
  const local = new Date(2000, 0, 1, 12);
  local.setFullYear(clock.getUTCFullYear(), clock.getUTCMonth(), clock.getUTCDate());
  return formatDate(local, 'PPP', { locale: dateLocale(language) });
}

/**
 * A transaction's time: `yyyy-MM-dd HH:mm` on the seller center's clock, the same in every
 * language (which callers may still pass).
 */
export function formatDateTime(value: string | Date, _language?: string): string {
  const clock = sellerClockOf(value);
  return clock ? `${dayOf(clock)} ${pad(clock.getUTCHours())}:${pad(clock.getUTCMinutes())}` : '';
}

/** A product date (e.g. the last sale): `yyyy-MM-dd`, the seller center's day, in any language. */
export function formatShortDate(value: string | Date, _language?: string): string {
  const clock = sellerClockOf(value);
  return clock ? dayOf(clock) : '';
}
