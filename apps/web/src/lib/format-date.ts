import { format as formatDate } from 'date-fns';
import { enUS, fr, ja, ko, tr, zhCN } from 'date-fns/locale';
import { currentLanguage } from './i18n';

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

/** A calendar date in the reader's words, e.g. "November 21st, 2026", "2026년 11월 21일", "21 Kasım 2026". */
export function formatLongDate(value: string | Date, language?: string): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return '';
  return formatDate(date, 'PPP', { locale: dateLocale(language) });
}

function toDate(value: string | Date): Date | undefined {
  const date = typeof value === 'string' ? new Date(value) : value;
  return Number.isNaN(date.getTime()) ? undefined : date;
}

/** A transaction's time: `yyyy-MM-dd HH:mm` in the reader's time zone. */
export function formatDateTime(value: string | Date, language?: string): string {
  const date = toDate(value);
  return date ? formatDate(date, 'yyyy-MM-dd HH:mm', { locale: dateLocale(language) }) : '';
}

/** A product date (e.g. the last sale): `yyyy-MM-dd`. */
export function formatShortDate(value: string | Date, language?: string): string {
  const date = toDate(value);
  return date ? formatDate(date, 'yyyy-MM-dd', { locale: dateLocale(language) }) : '';
}
