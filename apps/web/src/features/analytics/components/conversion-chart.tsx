import type { ConversionRow } from '@seller/contract/analytics/get-conversion';
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
  points,
  polylinePoints,
  scaleY,
  slot,
} from '@/lib/chart-geometry';
import { formatCount } from '@/lib/format';
import { useBoxWidth } from '@/lib/use-box-width';
import { useChartDays } from '@/lib/use-chart-days';
import { formatConversion } from '../lib/analytics-period';

/** The width of `ref`'s box as it changes; 720 where nothing can be measured (jsdom). */
function ChartSvg({
  days,
  layout,
  titleId,
}: {
  days: ConversionRow[];
  layout: ChartLayout;
  titleId: string;
}) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage;
  const { shown, tooltipId, dayProps, chartProps } = useChartDays(days.length);
  const { plot, width, height } = layout;
  const viewTicks = axisTicks(Math.max(0, ...days.map((day) => day.views)), 4, true);
  const saleTicks = axisTicks(Math.max(0, ...days.map((day) => day.sales)), 4, true);
  const viewTop = viewTicks.at(-1) ?? 1;
  const saleTop = saleTicks.at(-1) ?? 1;
  const viewBars = bars(
    days.map((day) => day.views),
    viewTop,
    plot,
  );
  const salePoints = points(
    days.map((day) => day.sales),
    saleTop,
    plot,
  );
  const baseline = plot.top + plot.height;
  const describe = (day: ConversionRow) =>
    t('analytics.chart.tooltip', {
      date: day.key,
      views: t('analytics.chart.viewCount', {
        count: day.views,
        formatted: formatCount(day.views),
      }),
      sales: t('analytics.chart.saleCount', {
        count: day.sales,
        formatted: formatCount(day.sales),
      }),
      conversion: formatConversion(day.conversion, language),
    });
  const shownDay = shown === null ? undefined : days[shown];
  const shownPoint = shown === null ? undefined : salePoints[shown];
  const shownBar = shown === null ? undefined : viewBars[shown];

  return (
    <figure className="relative w-fit max-w-full" aria-labelledby={titleId} {...chartProps}>
      <svg
        viewBox={`0 0 ${width} ${height}`}
        width={width}
        height={height}
        className="block h-auto max-w-full text-muted-foreground"
        aria-hidden="true"
        data-testid="conversion-chart"
      >
        <g className="text-[11px]" fill="currentColor">
          {viewTicks.map((tick) => {
            const y = scaleY(tick, viewTop, plot);
            return (
              <g key={`views-${tick}`}>
                <line
                  x1={plot.left}
                  x2={plot.left + plot.width}
                  y1={y}
                  y2={y}
                  stroke="currentColor"
                  strokeOpacity={0.15}
                />
                <text x={plot.left - 8} y={y} dy="0.32em" textAnchor="end">
                  {compactNumber(tick)}
                </text>
              </g>
            );
          })}
          {saleTicks.map((tick) => (
            <text
              key={`sales-${tick}`}
              x={plot.left + plot.width + 8}
              y={scaleY(tick, saleTop, plot)}
              dy="0.32em"
              textAnchor="start"
            >
              {tick}
            </text>
          ))}
          {labelledIndexes(days.length, layout.dateLabels).map((index) => {
            const point = salePoints[index];
            const day = days[index];
            if (!point || !day) return null;
            return (
              <text key={day.key} x={point.x} y={baseline + 20} textAnchor="middle">
                {day.key.slice(5)}
              </text>
            );
          })}
        </g>
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
        {viewBars.map((bar, index) => {
          const day = days[index];
          if (!day) return null;
          return (
            <rect
              key={day.key}
              x={bar.x}
              y={day.views > 0 ? Math.min(bar.y, baseline - 1) : baseline - 1}
              width={bar.width}
              height={day.views > 0 ? Math.max(bar.height, 1) : 1}
              rx={2}
              className="fill-chart-1"
              fillOpacity={day.views > 0 ? 0.85 : 0.25}
              data-testid="views-bar"
              data-views={day.views}
            />
          );
        })}
        <polyline
          points={polylinePoints(salePoints)}
          fill="none"
          className="stroke-chart-2"
          strokeWidth={2}
          strokeLinejoin="round"
        />
        {salePoints.map((point, index) => (
          <circle
            key={days[index]?.key ?? index}
            cx={point.x}
            cy={point.y}
            r={index === shown ? 4.5 : 3}
            className="fill-chart-2"
          />
        ))}
      </svg>
      {days.map((day, index) => {
        const column = slot(index, days.length, plot);
        return (
          <button
            key={day.key}
            {...dayProps(index)}
            aria-label={describe(day)}
            className="absolute cursor-pointer rounded-sm outline-none focus-visible:ring-2 focus-visible:ring-ring"
            style={{
              left: `${(column.x / width) * 100}%`,
              width: `${(column.width / width) * 100}%`,
              top: `${(plot.top / height) * 100}%`,
              height: `${(plot.height / height) * 100}%`,
            }}
          />
        );
      })}
      {shownDay && shownPoint && shownBar ? (
        <ChartTooltip
          id={tooltipId}
          left={(shownPoint.x / width) * 100}
          top={(Math.max(Math.min(shownBar.y, shownPoint.y) - 8, 40) / height) * 100}
        >
          <p className="font-semibold tabular-nums">{shownDay.key}</p>
          <p className="tabular-nums">
            {t('analytics.views')}: {formatCount(shownDay.views)}
          </p>
          <p className="tabular-nums">
            {t('analytics.sales')}: {formatCount(shownDay.sales)}
          </p>
          <p className="tabular-nums">
            {t('analytics.conversion')}: {formatConversion(shownDay.conversion, language)}
          </p>
        </ChartTooltip>
      ) : null}
    </figure>
  );
}

/** Views per day as bars and sales as a line, in plain SVG at the width of its box. */
export function ConversionChart({
  days,
  loading,
  failed,
}: {
  days: ConversionRow[];
  loading: boolean;
  failed: boolean;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const boxRef = useRef<HTMLDivElement>(null);
  const boxWidth = useBoxWidth(boxRef);
  return (
    <section
      className="grid min-w-0 gap-4 rounded-lg border p-4 sm:p-6"
      data-testid="analytics-chart"
    >
      <header className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={titleId} className="text-lg font-semibold">
          {t('analytics.chart.title')}
        </h2>
        <div className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-muted-foreground">
          <span className="flex items-center gap-1.5">
            <span className="inline-block size-3 rounded-sm bg-chart-1" aria-hidden="true" />
            {t('analytics.views')}
          </span>
          <span className="flex items-center gap-1.5">
            <span className="inline-block size-3 rounded-full bg-chart-2" aria-hidden="true" />
            {t('analytics.sales')}
          </span>
        </div>
      </header>
      <div ref={boxRef} className="min-w-0">
        {loading ? (
          <p className="py-16 text-center text-muted-foreground">{t('analytics.loading')}</p>
        ) : failed ? (
          <p className="py-16 text-center text-muted-foreground">{t('analytics.unavailable')}</p>
        ) : boxWidth === undefined ? null : (
          <ChartSvg days={days} layout={chartLayout(boxWidth)} titleId={titleId} />
        )}
      </div>
    </section>
  );
}
