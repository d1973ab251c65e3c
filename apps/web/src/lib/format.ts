import { format as formatDate } from 'date-fns';
import { enUS, ko, zhCN } from 'date-fns/locale';
import { currentLanguage } from './i18n';

/** Date formats follow the interface language: Korean, Chinese, otherwise English. */
function dateLocale(language: string | undefined) {
  switch (currentLanguage(language)) {
    case 'ko':
      return ko;
    case 'zh':
      return zhCN;
    default:
      return enUS;
  }
}

/** A calendar date in the reader's words, e.g. "November 21st, 2026" or "2026년 11월 21일". */
export function formatLongDate(value: string | Date, language?: string): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return '';
  return formatDate(date, 'PPP', { locale: dateLocale(language) });
}
