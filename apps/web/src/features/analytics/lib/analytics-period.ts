import { intlFormat } from '@/lib/intl-data';
import { sellerToday } from '@/lib/seller-time-zone';

/** The periods the analytics screen offers: the last 7, 30 or 90 days, today included. */
export const analyticsPeriods = [7, 30, 90] as const;
export type AnalyticsPeriod = (typeof analyticsPeriods)[number];

export function parsePeriod(value: string | null): AnalyticsPeriod {
  const days = Number(value);
  return analyticsPeriods.find((period) => period === days) ?? 30;
}

/** `from` and `to` (local days, both included) of the last `days` days at `now`. */
export function periodRange(days: number, now: Date = new Date()): { from: string; to: string } {
  // The seller center's days (lib/seller-time-zone.ts), as the API counts them.
  const to = sellerToday(now);
  const from = new Date(`${to}T00:00:00Z`);
  from.setUTCDate(from.getUTCDate() - (days - 1));
  return { from: from.toISOString().slice(0, 10), to };
}

/** A conversion as a percentage with one decimal, or a dash without views. */
export function formatConversion(conversion: number | null, language?: string): string {
  if (conversion === null) return '–';
  return percentFormat(language).format(conversion);
}

/** One percent format per language, made once: every row of the tables shows conversions. */
const percentFormat = intlFormat(
  (language: string | undefined) =>
    new Intl.NumberFormat(language, { style: 'percent', maximumFractionDigits: 1 }),
);
