import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/class-names';
import { formatCount, formatKrwAmount } from '@/lib/format';
import { useDrawnLater } from '@/lib/use-drawn-later';
import { useWarnOnError } from '@/lib/use-warn-on-error';
import { useConversion } from '../api/get-conversion';
import {
  type AnalyticsPeriod,
  analyticsPeriods,
  formatConversion,
  periodRange,
} from '../lib/analytics-period';
import { ConversionChart } from './conversion-chart';
import { ConversionTable } from './conversion-table';

/**
 * Where the sales come from over the last 7, 30 or 90 days: the totals, views and sales per day,
 * and the tables by product, source, campaign and country.
 */
export function AnalyticsPage({
  period,
  onPeriodChange,
}: {
  period: AnalyticsPeriod;
  onPeriodChange: (period: AnalyticsPeriod) => void;
}) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage;
  const { from, to } = periodRange(period);
  const dailyQuery = useConversion({ from, to, groupBy: 'day' });
  useWarnOnError('analytics', 'daily conversion', dailyQuery.error);
  const daily = useDrawnLater(dailyQuery);
  const totals = daily.data?.totals;
  const figures = [
    {
      id: 'views',
      label: t('analytics.views'),
      value: totals && formatCount(totals.views),
    },
    {
      id: 'sales',
      label: t('analytics.sales'),
      value: totals && formatCount(totals.sales),
    },
    {
      id: 'revenue',
      label: t('analytics.revenue'),
      value: totals && formatKrwAmount(totals.revenue, language),
    },
    {
      id: 'conversion',
      label: t('analytics.conversion'),
      value: totals && formatConversion(totals.conversion, language),
    },
  ];

  return (
    <div className="grid min-w-0 gap-6">
      <fieldset className="flex flex-wrap items-center gap-2" data-testid="analytics-period">
        <legend className="sr-only">{t('analytics.period.label')}</legend>
        <div className="inline-flex flex-wrap rounded-lg bg-muted p-1">
          {analyticsPeriods.map((days) => (
            <button
              key={days}
              type="button"
              aria-pressed={days === period}
              onClick={() => onPeriodChange(days)}
              className={cn(
                'h-8 rounded-md px-3 text-sm font-medium outline-none transition-colors focus-visible:ring-[3px] focus-visible:ring-ring/50',
                days === period
                  ? 'bg-background text-foreground shadow-sm'
                  : 'text-muted-foreground hover:text-foreground',
              )}
            >
              {t('analytics.period.days', { count: days })}
            </button>
          ))}
        </div>
        <span className="text-sm text-muted-foreground tabular-nums">
          {from} – {to}
        </span>
      </fieldset>

      <dl className="grid grid-cols-2 gap-3 md:grid-cols-4" data-testid="analytics-totals">
        {figures.map((figure) => (
          <div key={figure.id} className="grid gap-1 rounded-lg border p-4">
            <dt className="text-sm text-muted-foreground">{figure.label}</dt>
            <dd className="text-xl font-semibold tabular-nums" data-testid={`total-${figure.id}`}>
              {figure.value ?? '–'}
            </dd>
          </div>
        ))}
      </dl>

      <ConversionChart
        days={daily.data?.rows ?? []}
        loading={daily.isPending}
        failed={dailyQuery.isError}
      />

      <ConversionTable group="product" from={from} to={to} />
      <ConversionTable group="source" from={from} to={to} />
      <ConversionTable group="campaign" from={from} to={to} />
      <ConversionTable group="country" from={from} to={to} />
    </div>
  );
}
