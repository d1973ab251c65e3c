import { limits } from '@seller/contract/limits';
import type { DailySalesRow } from '@seller/contract/sales/get-daily-sales';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCount, formatKrwAmount } from '@/lib/format';
import { useDailySales } from '../api/get-daily-sales';
import {
  axisTicks,
  bars,
  compactNumber,
  labelledIndexes,
  type Plot,
  points,
  polylinePoints,
  scaleY,
} from '../lib/chart-geometry';

const width = 720;
const height = 300;
const plot: Plot = { left: 56, top: 30, width: width - 56 - 44, height: height - 30 - 40 };

/** `yyyy-MM-dd` → `MM-dd` for the x axis. */
function shortDay(date: string): string {
  return date.length >= 10 ? date.slice(5, 10) : date;
}

/** A line across the plot at `y`: a grid line or the baseline. */
function HorizontalRule({ y, opacity }: { y: number; opacity: number }) {
  return (
    <line
      x1={plot.left}
      x2={plot.left + plot.width}
      y1={y}
      y2={y}
      stroke="currentColor"
      strokeOpacity={opacity}
    />
  );
}

function ChartSvg({
  days,
  titleId,
  descId,
}: {
  days: DailySalesRow[];
  titleId: string;
  descId: string;
}) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage;
  const amounts = days.map((day) => day.amount);
  const counts = days.map((day) => day.count);
  const amountTicks = axisTicks(Math.max(0, ...amounts));
  const countTicks = axisTicks(Math.max(0, ...counts), 4, true);
  const amountTop = amountTicks.at(-1) ?? 1;
  const countTop = countTicks.at(-1) ?? 1;
  const amountBars = bars(amounts, amountTop, plot);
  const countPoints = points(counts, countTop, plot);
  const baseline = plot.top + plot.height;
  const tooltip = (day: DailySalesRow) =>
    t('sales.chart.tooltip', {
      date: day.date,
      amount: formatKrwAmount(day.amount, language),
      count: formatCount(day.count, language),
    });

  return (
    <svg
      viewBox={`0 0 ${width} ${height}`}
      className="h-auto w-full text-muted-foreground"
      role="img"
      aria-labelledby={titleId}
      aria-describedby={descId}
      data-testid="sales-chart"
    >
      <title>{t('sales.chart.title', { days: days.length })}</title>
      {/* Grid and the amount axis (left). */}
      <g className="text-[11px]" fill="currentColor">
        {amountTicks.map((tick) => {
          const y = scaleY(tick, amountTop, plot);
          return (
            <g key={`amount-${tick}`}>
              <HorizontalRule y={y} opacity={0.15} />
              <text x={plot.left - 8} y={y} dy="0.32em" textAnchor="end">
                {compactNumber(tick)}
              </text>
            </g>
          );
        })}
        {countTicks.map((tick) => (
          <text
            key={`count-${tick}`}
            x={plot.left + plot.width + 8}
            y={scaleY(tick, countTop, plot)}
            dy="0.32em"
            textAnchor="start"
          >
            {tick}
          </text>
        ))}
        <text x={plot.left - 8} y={plot.top - 16} textAnchor="end" className="font-medium">
          ₩
        </text>
        <text x={plot.left + plot.width + 8} y={plot.top - 16} textAnchor="start">
          #
        </text>
        {labelledIndexes(days.length).map((index) => {
          const point = countPoints[index];
          const day = days[index];
          if (!point || !day) return null;
          return (
            <text key={day.date} x={point.x} y={baseline + 20} textAnchor="middle">
              {shortDay(day.date)}
            </text>
          );
        })}
      </g>

      {/* Amount bars, each with a tooltip. */}
      <g data-testid="chart-bars">
        {amountBars.map((bar, index) => {
          const day = days[index];
          if (!day) return null;
          return (
            <rect
              key={day.date}
              x={bar.x}
              y={day.amount > 0 ? Math.min(bar.y, baseline - 1) : baseline - 1}
              width={bar.width}
              height={day.amount > 0 ? Math.max(bar.height, 1) : 1}
              rx={2}
              className="fill-primary"
              fillOpacity={day.amount > 0 ? 0.85 : 0.15}
              data-testid="chart-bar"
              data-date={day.date}
              data-amount={day.amount}
            >
              <title>{tooltip(day)}</title>
            </rect>
          );
        })}
      </g>

      {/* Count line and dots. */}
      <polyline
        points={polylinePoints(countPoints)}
        fill="none"
        stroke="var(--color-chart-2, #f59e0b)"
        strokeWidth={2}
        strokeLinejoin="round"
      />
      <g>
        {countPoints.map((point, index) => {
          const day = days[index];
          if (!day) return null;
          return (
            <circle
              key={day.date}
              cx={point.x}
              cy={point.y}
              r={3}
              fill="var(--color-chart-2, #f59e0b)"
              data-testid="chart-dot"
            >
              <title>{tooltip(day)}</title>
            </circle>
          );
        })}
      </g>
      <HorizontalRule y={baseline} opacity={0.4} />
    </svg>
  );
}

/**
 * The chart tab: daily sales over the last 30 days, amount as bars and count as a line, drawn
 * in plain SVG. Loaded lazily (React.lazy), so it costs the other pages nothing.
 */
export function SalesChart() {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage;
  const days = limits.dailySales.defaultDays;
  const daily = useDailySales(days);
  const titleId = useId();
  const descId = useId();
  const rows = daily.data?.dailySales ?? [];
  const totalAmount = rows.reduce((sum, row) => sum + row.amount, 0);
  const totalCount = rows.reduce((sum, row) => sum + row.count, 0);
  const best = rows.reduce<DailySalesRow | undefined>(
    (top, row) => (row.amount > 0 && (!top || row.amount > top.amount) ? row : top),
    undefined,
  );

  return (
    <section className="grid gap-4 rounded-lg border p-4 sm:p-6" data-testid="chart-tab">
      <header className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={titleId} className="text-lg font-semibold">
          {t('sales.chart.title', { days })}
        </h2>
        <div className="flex items-center gap-4 text-sm text-muted-foreground">
          <span className="flex items-center gap-1.5">
            <span className="inline-block size-3 rounded-sm bg-primary" aria-hidden="true" />
            {t('sales.chart.amount')}
          </span>
          <span className="flex items-center gap-1.5">
            <span
              className="inline-block size-3 rounded-full"
              style={{ background: 'var(--color-chart-2, #f59e0b)' }}
              aria-hidden="true"
            />
            {t('sales.chart.count')}
          </span>
        </div>
      </header>
      {daily.isPending ? (
        <p className="py-16 text-center text-muted-foreground">{t('sales.chart.loading')}</p>
      ) : daily.isError ? (
        <p className="py-16 text-center text-muted-foreground">{t('sales.chart.unavailable')}</p>
      ) : (
        <>
          <ChartSvg days={rows} titleId={titleId} descId={descId} />
          <p id={descId} className="text-sm text-muted-foreground" data-testid="chart-summary">
            {totalCount === 0
              ? t('sales.chart.noSales', { days })
              : t('sales.chart.summary', {
                  days,
                  amount: formatKrwAmount(totalAmount, language),
                  count: formatCount(totalCount, language),
                  bestDate: best?.date ?? '-',
                  bestAmount: formatKrwAmount(best?.amount ?? 0, language),
                })}
          </p>
        </>
      )}
    </section>
  );
}
