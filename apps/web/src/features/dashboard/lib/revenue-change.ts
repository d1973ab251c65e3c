import { intlFormat } from '@/lib/intl-data';
/** How the last 30 days compare with the 30 before. */
export type RevenueChange =
  | { kind: 'none' }
  /** Sales now, none before: no percentage makes sense. */
  | { kind: 'new' }
  | { kind: 'change'; ratio: number };

export function revenueChange(current: number, previous: number): RevenueChange {
  if (previous <= 0) return current > 0 ? { kind: 'new' } : { kind: 'none' };
  return { kind: 'change', ratio: (current - previous) / previous };
}

/** `+12%`, `−8%`, `+0.4%`: one decimal below 10 %, whole percents above, always signed. */
export function formatChange(ratio: number, language?: string): string {
  const digits = Math.abs(ratio) < 0.1 ? 1 : 0;
  return changeFormat(language, digits).format(ratio);
}

/** Made once per language and precision. */
const changeFormat = intlFormat(
  (language: string | undefined, digits: number) =>
    new Intl.NumberFormat(language, {
      style: 'percent',
      signDisplay: 'exceptZero',
      maximumFractionDigits: digits,
    }),
);
