import type { DailySalesRow } from '@seller/contract/sales/get-daily-sales';
import { useTranslation } from 'react-i18next';
import { formatCount, formatKrwAmount } from '@/lib/format';

const width = 600;
const height = 120;
const gap = 2;

/**
 * Gross revenue per day as bars (plain SVG, no chart library): one bar per day, a day without
 * sales a hairline, each bar's amount and count in its tooltip, the whole in a text summary.
 */
export function RevenueChart({ days }: { days: readonly DailySalesRow[] }) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage;
  const top = Math.max(0, ...days.map((day) => day.amount));
  const plotHeight = height;
  const slot = width / Math.max(1, days.length);
  const best = days.reduce<DailySalesRow | undefined>(
    (found, day) => (day.amount > (found?.amount ?? 0) ? day : found),
    undefined,
  );
  const summary = best
    ? t('dashboard.revenue.chartSummary', {
        days: days.length,
        date: best.date,
        amount: formatKrwAmount(best.amount, language),
      })
    : t('dashboard.revenue.chartEmpty', { days: days.length });
  return (
    <figure className="grid gap-1">
      <svg
        viewBox={`0 0 ${width} ${height}`}
        preserveAspectRatio="none"
        className="h-28 w-full text-primary"
        role="img"
        aria-label={summary}
        data-testid="revenue-chart"
      >
        {days.map((day, index) => {
          const barHeight = top > 0 ? Math.max(1, (day.amount / top) * (plotHeight - 4)) : 1;
          return (
            <rect
              key={day.date}
              x={index * slot + gap / 2}
              y={plotHeight - barHeight}
              width={Math.max(1, slot - gap)}
              height={barHeight}
              rx={1.5}
              fill="currentColor"
              fillOpacity={day.amount > 0 ? 0.85 : 0.2}
              data-testid="revenue-chart-bar"
              data-amount={day.amount}
            >
              <title>
                {t('dashboard.revenue.chartTooltip', {
                  date: day.date,
                  amount: formatKrwAmount(day.amount, language),
                  count: formatCount(day.count, language),
                })}
              </title>
            </rect>
          );
        })}
      </svg>
      <figcaption className="flex justify-between text-xs text-muted-foreground tabular-nums">
        <span>{days[0]?.date}</span>
        <span>{days.at(-1)?.date}</span>
      </figcaption>
    </figure>
  );
}
