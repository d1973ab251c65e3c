import type { ExchangeRate } from '@seller/contract/products/get-exchange-rate';
import type { SalesFigures, SalesStats } from '@seller/contract/sales/get-sales-stats';
import { CalendarDaysIcon, CalendarIcon, SigmaIcon } from 'lucide-react';
import type * as React from 'react';
import { useTranslation } from 'react-i18next';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { YuanApproximation } from '@/components/yuan-approximation';
import { formatCount, formatKrwAmount } from '@/lib/format';

const loadingMark = '...';

function SummaryCard({
  id,
  label,
  icon,
  figures,
  loading,
  rate,
  withYuan,
}: {
  id: string;
  label: string;
  icon: React.ReactNode;
  figures: SalesFigures | undefined;
  loading: boolean;
  /** The rate of the yuan amounts beside the won ones (Chinese only). */
  rate: ExchangeRate | undefined;
  /** Yuan lines will come with the figures: their places are kept while loading. */
  withYuan: boolean;
}) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage;
  // While the figures are on their way, the lines that come with them keep their place, so
  // that nothing under the cards moves when they arrive.
  const pending = !figures && loading;
  return (
    <Card className="gap-3" data-testid={`summary-${id}`} aria-busy={pending}>
      <CardHeader className="flex flex-row items-center justify-between gap-2">
        <CardTitle as="h2" className="text-sm font-medium text-muted-foreground">
          {label}
        </CardTitle>
        <span className="text-muted-foreground [&_svg]:size-4" aria-hidden="true">
          {icon}
        </span>
      </CardHeader>
      <CardContent className="grid min-w-0 gap-1">
        <p className="text-2xl font-bold tabular-nums wrap-anywhere" data-testid="summary-amount">
          {figures ? formatKrwAmount(figures.amount, language) : loading ? loadingMark : '-'}
        </p>
        {figures ? (
          <YuanApproximation won={figures.amount} rate={rate} />
        ) : pending && withYuan ? (
          <Skeleton className="h-5 w-20" />
        ) : null}
        <p className="text-sm text-muted-foreground" data-testid="summary-count">
          {figures
            ? t('sales.summary.count', {
                count: figures.count,
                formatted: formatCount(figures.count),
              })
            : loading
              ? loadingMark
              : '-'}
        </p>
        {figures ? (
          <p className="text-sm" data-testid="summary-net">
            <span className="text-muted-foreground">{t('sales.summary.net')} </span>
            <span className="font-medium tabular-nums">
              {formatKrwAmount(figures.net, language)}
            </span>
          </p>
        ) : pending ? (
          <Skeleton className="h-5 w-40" />
        ) : null}
        {figures ? (
          <YuanApproximation won={figures.net} rate={rate} className="text-xs" />
        ) : pending && withYuan ? (
          <Skeleton className="h-4 w-16" />
        ) : null}
      </CardContent>
    </Card>
  );
}

/**
 * Total, this month and today: gross amount, count, and net earnings after commission, in won
 * (and in yuan beside them for Chinese sellers).
 */
export function SalesSummaryCards({
  stats,
  loading,
  rate,
  withYuan = rate !== undefined,
}: {
  stats: SalesStats | undefined;
  loading: boolean;
  /** The rate of the yuan amounts beside the won ones (Chinese only). */
  rate?: ExchangeRate | undefined;
  /** Yuan lines will come with the figures (the rate may still be on its way). */
  withYuan?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <div className="grid gap-4 sm:grid-cols-3">
      <SummaryCard
        id="total"
        label={t('sales.summary.total')}
        icon={<SigmaIcon />}
        figures={stats?.totalSales}
        loading={loading}
        rate={rate}
        withYuan={withYuan}
      />
      <SummaryCard
        id="month"
        label={t('sales.summary.month')}
        icon={<CalendarDaysIcon />}
        figures={stats?.monthlySales}
        loading={loading}
        rate={rate}
        withYuan={withYuan}
      />
      <SummaryCard
        id="today"
        label={t('sales.summary.today')}
        icon={<CalendarIcon />}
        figures={stats?.todaySales}
        loading={loading}
        rate={rate}
        withYuan={withYuan}
      />
    </div>
  );
}
