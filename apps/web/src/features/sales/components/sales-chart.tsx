import { limits } from '@seller/contract/limits';
import type { DailySalesRow } from '@seller/contract/sales/get-daily-sales';
import { useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { ChartTooltip } from '@/components/chart-tooltip';
import {
  axisTicks,
  bars,
  type ChartLayout,
  chartLayout,
  compactNumber,
  labelledIndexes,
  type Plot,
  points,
  polylinePoints,
  scaleY,
  slot,
} from '@/lib/chart-geometry';
import { formatCount, formatKrwAmount } from '@/lib/format';
import { useBoxWidth } from '@/lib/use-box-width';
import { useChartDays } from '@/lib/use-chart-days';
import { useDailySales } from '../api/get-daily-sales';

/** `yyyy-MM-dd` → `MM-dd` for the x axis. */
function shortDay(date: string): string {
  return date.length >= 10 ? date.slice(5, 10) : date;
}

/** A line across the plot at `y`: a grid line or the baseline. */
function HorizontalRule({ plot, y, opacity }: { plot: Plot; y: number; opacity: number }) {
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
  layout,
  titleId,
  descId,
}: {
  days: DailySalesRow[];
  layout: ChartLayout;
  titleId: string;
  descId: string;
}) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage;
  const { shown, tooltipId, dayProps, chartProps } = useChartDays(days.length);

  const { plot, width, height } = layout;
  const amounts = days.map((day) => day.amount);
  const counts = days.map((day) => day.count);
  const amountTicks = axisTicks(Math.max(0, ...amounts));
  const countTicks = axisTicks(Math.max(0, ...counts), 4, true);
  const amountTop = amountTicks.at(-1) ?? 1;
  const countTop = countTicks.at(-1) ?? 1;
  const amountBars = bars(amounts, amountTop, plot);
  const countPoints = points(counts, countTop, plot);
  const baseline = plot.top + plot.height;
  const describe = (day: DailySalesRow) =>
    t('sales.chart.tooltip', {
      date: day.date,
      amount: formatKrwAmount(day.amount, language),
      count: day.count,
      formatted: formatCount(day.count),
    });

  const shownDay = shown === null ? undefined : days[shown];
  const shownPoint = shown === null ? undefined : countPoints[shown];
  const shownBar = shown === null ? undefined : amountBars[shown];

  return (
    <figure
      className="relative w-fit max-w-full"
      aria-labelledby={titleId}
      aria-describedby={descId}
      {...chartProps}
    >
      {/* The drawing; the days are read and reached through the buttons laid over it. */}
      <svg
        viewBox={`0 0 ${width} ${height}`}
        width={width}
        height={height}
        className="block h-auto max-w-full text-muted-foreground"
        aria-hidden="true"
        data-testid="sales-chart"
      >
        <g className="text-[11px]" fill="currentColor" data-testid="chart-axes">
          {amountTicks.map((tick) => {
            const y = scaleY(tick, amountTop, plot);
            return (
              <g key={`amount-${tick}`}>
                <HorizontalRule plot={plot} y={y} opacity={0.15} />
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
          {labelledIndexes(days.length, layout.dateLabels).map((index) => {
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

        {/* The day under the pointer, the finger or the focus. */}
        {shown !== null ? (
          <rect
            x={slot(shown, days.length, plot).x}
            y={plot.top}
            width={slot(shown, days.length, plot).width}
            height={plot.height}
            fill="currentColor"
            fillOpacity={0.1}
          />
        ) : null}

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
                className="fill-chart-1"
                fillOpacity={day.amount > 0 ? 0.85 : 0.25}
                data-testid="chart-bar"
                data-date={day.date}
                data-amount={day.amount}
              />
            );
          })}
        </g>

        <polyline
          points={polylinePoints(countPoints)}
          fill="none"
          className="stroke-chart-2"
          strokeWidth={2}
          strokeLinejoin="round"
        />
        {countPoints.map((point, index) => {
          const day = days[index];
          if (!day) return null;
          return (
            <circle
              key={day.date}
              cx={point.x}
              cy={point.y}
              r={index === shown ? 4.5 : 3}
              className="fill-chart-2"
              data-testid="chart-dot"
            />
          );
        })}
        <HorizontalRule plot={plot} y={baseline} opacity={0.4} />
      </svg>

      {/* One button per day, a column over the plot's whole height (see useChartDays). */}
      {days.map((day, index) => {
        const column = slot(index, days.length, plot);
        return (
          <button
            key={day.date}
            {...dayProps(index)}
            aria-label={describe(day)}
            className="absolute cursor-pointer rounded-sm outline-none focus-visible:ring-2 focus-visible:ring-ring"
            style={{
              left: `${(column.x / width) * 100}%`,
              width: `${(column.width / width) * 100}%`,
              top: `${(plot.top / height) * 100}%`,
              height: `${(plot.height / height) * 100}%`,
            }}
            data-testid="chart-day"
            data-date={day.date}
          />
        );
      })}

      {shownDay && shownPoint && shownBar ? (
        // Above the day's bar or dot, whichever is higher.
        <ChartTooltip
          id={tooltipId}
          left={(shownPoint.x / width) * 100}
          top={(Math.max(Math.min(shownBar.y, shownPoint.y) - 8, 40) / height) * 100}
        >
          <p className="font-semibold tabular-nums">{shownDay.date}</p>
          <p className="tabular-nums">
            {t('sales.chart.amount')}: {formatKrwAmount(shownDay.amount, language)}
          </p>
          <p className="tabular-nums">
            {t('sales.chart.count')}: {formatCount(shownDay.count)}
          </p>
        </ChartTooltip>
      ) : null}
    </figure>
  );
}

/**
 * The chart tab: daily sales over the last 30 days, amount as bars and count as a line, drawn
 * in plain SVG at the width of its box. Each day is reachable by pointer, touch and keyboard,
 * with a tooltip. Loaded lazily (React.lazy), so it costs the other pages nothing.
 */
export function SalesChart() {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage;
  const days = limits.dailySales.defaultDays;
  const daily = useDailySales(days);
  const titleId = useId();
  const descId = useId();
  const boxRef = useRef<HTMLDivElement>(null);
  const boxWidth = useBoxWidth(boxRef);
  const rows = daily.data?.dailySales ?? [];
  const totalAmount = rows.reduce((sum, row) => sum + row.amount, 0);
  const totalCount = rows.reduce((sum, row) => sum + row.count, 0);
  const best = rows.reduce<DailySalesRow | undefined>(
    (top, row) => (row.amount > 0 && (!top || row.amount > top.amount) ? row : top),
    undefined,
  );

  return (
    <section className="grid min-w-0 gap-4 rounded-lg border p-4 sm:p-6" data-testid="chart-tab">
      <header className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={titleId} className="text-lg font-semibold">
          {t('sales.chart.title', { days })}
        </h2>
        <div className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-muted-foreground">
          <span className="flex items-center gap-1.5">
            <span className="inline-block size-3 rounded-sm bg-chart-1" aria-hidden="true" />
            {t('sales.chart.amount')}
          </span>
          <span className="flex items-center gap-1.5">
            <span className="inline-block size-3 rounded-full bg-chart-2" aria-hidden="true" />
            {t('sales.chart.count')}
          </span>
        </div>
      </header>
      <div ref={boxRef} className="min-w-0">
        {daily.isPending ? (
          <p className="py-16 text-center text-muted-foreground">{t('sales.chart.loading')}</p>
        ) : daily.isError ? (
          <p className="py-16 text-center text-muted-foreground">{t('sales.chart.unavailable')}</p>
        ) : boxWidth === undefined ? null : (
          <ChartSvg days={rows} layout={chartLayout(boxWidth)} titleId={titleId} descId={descId} />
        )}
      </div>
      {daily.isPending || daily.isError ? null : (
        <p id={descId} className="text-sm text-muted-foreground" data-testid="chart-summary">
          {totalCount === 0
            ? t('sales.chart.noSales', { days })
            : t('sales.chart.summary', {
                days,
                amount: formatKrwAmount(totalAmount, language),
                count: totalCount,
                formatted: formatCount(totalCount),
                bestDate: best?.date ?? '-',
                bestAmount: formatKrwAmount(best?.amount ?? 0, language),
              })}
        </p>
      )}
    </section>
  );
}
