import type { DailySalesRow } from '@seller/contract/sales/get-daily-sales';
import { useTranslation } from 'react-i18next';
import { ChartTooltip } from '@/components/chart-tooltip';
import { formatCount, formatKrwAmount } from '@/lib/format';
import { useChartDays } from '@/lib/use-chart-days';

const width = 600;
const height = 120;
const gap = 2;

/**
 * Gross revenue per day as bars (plain SVG, no chart library): one bar per day, a day without
 * sales a hairline, the whole in a text summary. Each day is reached by pointer, touch and
 * keyboard through a button over its column, with its amount and count in a tooltip.
 */
export function RevenueChart({ days }: { days: readonly DailySalesRow[] }) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage;
  const { shown, tooltipId, dayProps, chartProps } = useChartDays(days.length);
  const top = Math.max(0, ...days.map((day) => day.amount));
  const slot = width / Math.max(1, days.length);
  const barHeight = (day: DailySalesRow) =>
    top > 0 ? Math.max(1, (day.amount / top) * (height - 4)) : 1;
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
  const describe = (day: DailySalesRow) =>
    t('dashboard.revenue.chartTooltip', {
      date: day.date,
      amount: formatKrwAmount(day.amount, language),
      count: day.count,
      formatted: formatCount(day.count),
    });
  const shownDay = shown === null ? undefined : days[shown];

  return (
    <figure className="grid gap-1" aria-label={summary}>
      <div className="relative" {...chartProps}>
        <svg
          viewBox={`0 0 ${width} ${height}`}
          preserveAspectRatio="none"
          className="block h-28 w-full text-primary"
          aria-hidden="true"
          data-testid="revenue-chart"
        >
          {shown !== null ? (
            <rect
              x={shown * slot}
              y={0}
              width={slot}
              height={height}
              className="fill-foreground"
              fillOpacity={0.08}
            />
          ) : null}
          {days.map((day, index) => (
            <rect
              key={day.date}
              x={index * slot + gap / 2}
              y={height - barHeight(day)}
              width={Math.max(1, slot - gap)}
              height={barHeight(day)}
              rx={1.5}
              fill="currentColor"
              fillOpacity={day.amount > 0 ? 0.85 : 0.2}
              data-testid="revenue-chart-bar"
              data-amount={day.amount}
            />
          ))}
        </svg>
        {/* One button per day over its whole column (see useChartDays). */}
        {days.map((day, index) => (
          <button
            key={day.date}
            {...dayProps(index)}
            aria-label={describe(day)}
            className="absolute inset-y-0 cursor-pointer rounded-sm outline-none focus-visible:ring-2 focus-visible:ring-ring"
            style={{
              left: `${(index / days.length) * 100}%`,
              width: `${100 / days.length}%`,
            }}
            data-testid="revenue-chart-day"
            data-date={day.date}
          />
        ))}
        {shownDay && shown !== null ? (
          <ChartTooltip
            id={tooltipId}
            left={((shown + 0.5) / days.length) * 100}
            top={Math.max(((height - barHeight(shownDay)) / height) * 100 - 4, 0)}
            testId="revenue-chart-tooltip"
          >
            <p className="font-semibold tabular-nums">{shownDay.date}</p>
            <p className="tabular-nums">{formatKrwAmount(shownDay.amount, language)}</p>
            <p className="tabular-nums">
              {t('dashboard.revenue.chartSales', { sales: formatCount(shownDay.count) })}
            </p>
          </ChartTooltip>
        ) : null}
      </div>
      <figcaption className="flex justify-between text-xs text-muted-foreground tabular-nums">
        <span>{days[0]?.date}</span>
        <span>{days.at(-1)?.date}</span>
      </figcaption>
    </figure>
  );
}
