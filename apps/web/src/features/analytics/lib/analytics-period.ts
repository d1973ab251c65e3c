/** The periods the analytics screen offers: the last 7, 30 or 90 days, today included. */
export const analyticsPeriods = [7, 30, 90] as const;
export type AnalyticsPeriod = (typeof analyticsPeriods)[number];

/** The seller center's days are those of Seoul (`TIME_ZONE`, docs/product-rules.md). */
const timeZone = 'Asia/Seoul';

export function parsePeriod(value: string | null): AnalyticsPeriod {
  const days = Number(value);
  return analyticsPeriods.find((period) => period === days) ?? 30;
}

/** `YYYY-MM-DD` in Seoul; made on first use and kept (building a format costs far more). */
let seoulDay: Intl.DateTimeFormat | undefined;

/** `from` and `to` (local days, both included) of the last `days` days at `now`. */
export function periodRange(days: number, now: Date = new Date()): { from: string; to: string } {
  seoulDay ??= new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  });
  const to = seoulDay.format(now);
  const from = new Date(`${to}T00:00:00Z`);
  from.setUTCDate(from.getUTCDate() - (days - 1));
  return { from: from.toISOString().slice(0, 10), to };
}

/** A conversion as a percentage with one decimal, or a dash without views. */
export function formatConversion(conversion: number | null, language?: string): string {
  if (conversion === null) return '–';
  return percentFormat(language).format(conversion);
}

const percentFormats = new Map<string, Intl.NumberFormat>();

/** One percent format per language, made once: every row of the tables shows conversions. */
function percentFormat(language: string | undefined): Intl.NumberFormat {
  const key = language ?? '';
  let format = percentFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(language, { style: 'percent', maximumFractionDigits: 1 });
    percentFormats.set(key, format);
  }
  return format;
}
