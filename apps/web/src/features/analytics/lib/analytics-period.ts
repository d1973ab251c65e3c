/** The periods the analytics screen offers: the last 7, 30 or 90 days, today included. */
export const analyticsPeriods = [7, 30, 90] as const;
export type AnalyticsPeriod = (typeof analyticsPeriods)[number];

/** The seller center's days are those of Seoul (`TIME_ZONE`, docs/product-rules.md). */
const timeZone = 'Asia/Seoul';

export function parsePeriod(value: string | null): AnalyticsPeriod {
  const days = Number(value);
  return analyticsPeriods.find((period) => period === days) ?? 30;
}

/** `from` and `to` (local days, both included) of the last `days` days at `now`. */
export function periodRange(days: number, now: Date = new Date()): { from: string; to: string } {
  const to = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
  const from = new Date(`${to}T00:00:00Z`);
  from.setUTCDate(from.getUTCDate() - (days - 1));
  return { from: from.toISOString().slice(0, 10), to };
}

/** A conversion as a percentage with one decimal, or a dash without views. */
export function formatConversion(conversion: number | null, language?: string): string {
  if (conversion === null) return '–';
  return new Intl.NumberFormat(language, {
    style: 'percent',
    maximumFractionDigits: 1,
  }).format(conversion);
}
