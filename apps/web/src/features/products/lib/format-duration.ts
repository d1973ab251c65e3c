import { currentLanguage } from '@/lib/i18n';
import { intlFormat } from '@/lib/intl-data';

const unitFormat = intlFormat(
  (language: string, unit: 'second' | 'minute' | 'hour') =>
    new Intl.NumberFormat(language, { style: 'unit', unit, unitDisplay: 'long' }),
);

/**
 * A time left in the reader's language, as precise as an estimate deserves: seconds by 5 under
 * a minute, whole minutes under an hour, then hours and minutes (`45 seconds`, `3 minutes`,
 * `2 hours 10 minutes`; `3분`, `3分钟`…). Always rounded up: an estimate that runs out before
 * the upload does is worse than one a little long.
 */
export function formatDuration(seconds: number, language?: string): string {
  const lang = currentLanguage(language);
  const total = Math.max(1, Math.ceil(seconds));
  if (total <= 55) return unitFormat(lang, 'second').format(Math.ceil(total / 5) * 5);
  const minutes = Math.ceil(total / 60);
  if (minutes < 60) return unitFormat(lang, 'minute').format(minutes);
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  const hourText = unitFormat(lang, 'hour').format(hours);
  return rest === 0 ? hourText : `${hourText} ${unitFormat(lang, 'minute').format(rest)}`;
}
