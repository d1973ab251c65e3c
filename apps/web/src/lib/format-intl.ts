import { currentLanguage } from './i18n';
import { intlFormat } from './intl-data';

// The formats that need the browser's locale data (words and units in every interface language),
// apart from the numbers and amounts of format.ts: a screen loads that data only when it imports
// this module (intl-data.ts).

/* ------------------------------------------------------------------------------------------ */
/* Relative time                                                                              */
/* ------------------------------------------------------------------------------------------ */

export interface RelativeTimeStep {
  value: number;
  unit: 'second' | 'minute' | 'hour' | 'day' | 'month' | 'year';
}

/**
 * How long ago `then` was (docs/product-rules.md): seconds under 60, then minutes, hours, days
 * up to 30 days, months up to 365 days, then years. Future times count as now.
 */
export function relativeTimeStep(then: Date, now: Date = new Date()): RelativeTimeStep {
  const seconds = Math.max(0, Math.floor((now.getTime() - then.getTime()) / 1000));
  if (seconds < 60) return { value: seconds, unit: 'second' };
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return { value: minutes, unit: 'minute' };
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return { value: hours, unit: 'hour' };
  const days = Math.floor(hours / 24);
  if (days < 30) return { value: days, unit: 'day' };
  if (days < 365) return { value: Math.floor(days / 30), unit: 'month' };
  return { value: Math.floor(days / 365), unit: 'year' };
}

/** "3 minutes ago", "3분 전", "3分钟前"… in the interface language. */
export function formatRelativeTime(
  value: string | Date,
  language?: string,
  now: Date = new Date(),
): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return '';
  const step = relativeTimeStep(date, now);
  // Every interface language has its own relative-time words (unlike dates and numbers).
  return relativeTimeFormat(currentLanguage(language)).format(-step.value, step.unit);
}

/** A relative-time format, made once per language. */
const relativeTimeFormat = intlFormat(
  (language: string) => new Intl.RelativeTimeFormat(language, { numeric: 'auto' }),
);

/* ------------------------------------------------------------------------------------------ */
/* File sizes                                                                                 */
/* ------------------------------------------------------------------------------------------ */

const sizeUnits = ['byte', 'kilobyte', 'megabyte', 'gigabyte'] as const;
type SizeUnit = (typeof sizeUnits)[number];

/** Bytes are written out (`512 bytes`, `512바이트`); the larger units short (`1.5 MB`, `1,5 Mo`). */
const sizeFormat = intlFormat(
  (language: string, unit: SizeUnit) =>
    new Intl.NumberFormat(language, {
      style: 'unit',
      unit,
      unitDisplay: unit === 'byte' ? 'long' : 'short',
      maximumFractionDigits: 2,
    }),
);

/**
 * A file size in bytes, KB, MB or GB (1024-based) with at most two decimals, in the units and
 * number style of the interface language: `1.5 MB`, `1,5 Mo`, `512바이트`.
 */
export function formatFileSize(bytes: number, language?: string): string {
  const value = Number.isFinite(bytes) && bytes > 0 ? bytes : 0;
  const exponent =
    value === 0 ? 0 : Math.min(sizeUnits.length - 1, Math.floor(Math.log(value) / Math.log(1024)));
  const amount = Math.round((value / 1024 ** exponent) * 100) / 100;
  return sizeFormat(currentLanguage(language), sizeUnits[exponent] ?? 'byte').format(amount);
}
