import { intlFormat } from '@/lib/intl-data';
/** The periods the analytics screen offers: the last 7, 30 or 90 days, today included. */
export const analyticsPeriods = [7, 30, 90] as const;
export type AnalyticsPeriod = (typeof analyticsPeriods)[number];

/**
 * The seller center's days are those of Seoul (`TIME_ZONE`, docs/product-rules.md), which keeps
 * UTC+9 all year (no daylight saving time since 1988): a fixed offset, rather than an
 * Intl.DateTimeFormat in that zone, whose first use loads the browser's time zone data on the
 * main thread while the screen first renders.
 */
const seoulOffsetMs = 9 * 60 * 60 * 1000;

export function parsePeriod(value: string | null): AnalyticsPeriod {
  const days = Number(value);
  return analyticsPeriods.find((period) => period === days) ?? 30;
}

/** `from` and `to` (local days, both included) of the last `days` days at `now`. */
export function periodRange(days: number, now: Date = new Date()): { from: string; to: string } {
  // The UTC fields of this instant are Seoul's wall clock at `now`.
  const to = new Date(now.getTime() + seoulOffsetMs).toISOString().slice(0, 10);
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
