import { currentLanguage } from './i18n';
import { madeOnce } from './made-once';

/** Number formatting locale: Korean, Chinese, otherwise English (as for dates). */
function numberLocale(language: string | undefined): string {
  switch (currentLanguage(language)) {
    case 'ko':
      return 'ko-KR';
    case 'zh':
      return 'zh-CN';
    default:
      return 'en-US';
  }
}

/** A number format, made once per locale and precision (see made-once.ts). */
const numberFormat = madeOnce(
  (locale: string, maxFractionDigits: number) =>
    new Intl.NumberFormat(locale, {
      minimumFractionDigits: 0,
      maximumFractionDigits: maxFractionDigits,
    }),
);

/**
 * Makes the number format of the interface language in a task of its own, soon, ahead of the
 * first screen that shows a number. The first Intl.NumberFormat of a page loads the browser's
 * number data: 16–47 ms in Chromium on a desktop, four times that on a slow phone, which would
 * otherwise be spent inside the long task that renders the page's figures once they arrive.
 */
export function prepareNumberFormat(language?: string): void {
  setTimeout(() => numberFormat(numberLocale(language), 0), 0);
}

/** A count with thousands separators, e.g. "1,234". */
export function formatCount(value: number, language?: string): string {
  return numberFormat(numberLocale(language), 0).format(value);
}

/**
 * A sales amount in Korean won without decimals: "15,000원" in
 * Korean, "15,000韩元" in Chinese, "₩15,000" otherwise.
 */
export function formatKrwAmount(amount: number, language?: string): string {
  const lang = currentLanguage(language);
  const digits = numberFormat(numberLocale(lang), 0).format(Math.round(Math.abs(amount)));
  const sign = amount < 0 && Math.round(Math.abs(amount)) !== 0 ? '-' : '';
  if (lang === 'ko') return `${sign}${digits}원`;
  if (lang === 'zh') return `${sign}${digits}韩元`;
  return `${sign}₩${digits}`;
}

/* ------------------------------------------------------------------------------------------ */
/* Money                                                                                      */
/* ------------------------------------------------------------------------------------------ */

export type Currency = 'USD' | 'KRW' | 'CNY';

/** Korean and Chinese write currency words after the amount; other languages use symbols. */
const currencyWordsByLanguage: Partial<Record<string, Record<Currency, string>>> = {
  ko: { USD: '달러', KRW: '원', CNY: '위안' },
  zh: { USD: '美元', KRW: '韩元', CNY: '元' },
};
const currencySymbols: Record<Currency, string> = { USD: '$', KRW: '₩', CNY: '¥' };

export function currencyWords(language?: string): Record<Currency, string> {
  return currencyWordsByLanguage[currentLanguage(language)] ?? currencySymbols;
}

/**
 * An amount with its currency in the reader's words: `13,500원`, `72.5元`, `$10`, `₩13,500`.
 * KRW and USD show no decimals, CNY at most one.
 */
export function formatMoney(amount: number, currency: Currency, language?: string): string {
  const number = numberFormat(numberLocale(language), currency === 'CNY' ? 1 : 0).format(amount);
  const lang = currentLanguage(language);
  const word = currencyWords(lang)[currency];
  return lang === 'ko' || lang === 'zh' ? `${number}${word}` : `${word}${number}`;
}

/** The currency shown beside USD prices for this language (ko → KRW, zh → CNY, else none). */
export function localCurrency(language?: string): Exclude<Currency, 'USD'> | null {
  const lang = currentLanguage(language);
  if (lang === 'ko') return 'KRW';
  if (lang === 'zh') return 'CNY';
  return null;
}

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
const relativeTimeFormat = madeOnce(
  (language: string) => new Intl.RelativeTimeFormat(language, { numeric: 'auto' }),
);

/* ------------------------------------------------------------------------------------------ */
/* File sizes                                                                                 */
/* ------------------------------------------------------------------------------------------ */

const sizeUnits = ['byte', 'kilobyte', 'megabyte', 'gigabyte'] as const;
type SizeUnit = (typeof sizeUnits)[number];

/** Bytes are written out (`512 bytes`, `512바이트`); the larger units short (`1.5 MB`, `1,5 Mo`). */
const sizeFormat = madeOnce(
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
