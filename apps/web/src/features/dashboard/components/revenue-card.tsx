import type { SalesOverview } from '@seller/contract/sales/get-sales-overview';
import { ArrowDownRightIcon, ArrowRightIcon, ArrowUpRightIcon, SparklesIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { cn } from '@/lib/class-names';
import { formatCount, formatKrwAmount } from '@/lib/format';
import type { Loadable } from '@/lib/use-drawn-later';
import { formatChange, revenueChange } from '../lib/revenue-change';
import { RevenueChart } from './revenue-chart';

/** The change against the previous window, with its direction in an icon and in words. */
function ChangeLine({ overview }: { overview: SalesOverview }) {
  const { t, i18n } = useTranslation();
  const change = revenueChange(overview.current.amount, overview.previous.amount);
  const days = overview.windowDays;
  if (change.kind === 'none') {
    return (
      <span className="text-muted-foreground">{t('dashboard.revenue.noSales', { days })}</span>
    );
  }
  if (change.kind === 'new') {
    return (
      <span className="inline-flex items-center gap-1 align-top text-success">
        <SparklesIcon className="size-4" aria-hidden="true" />
        {t('dashboard.revenue.firstSales', { days })}
      </span>
    );
  }
  const up = change.ratio >= 0;
  const Icon = up ? ArrowUpRightIcon : ArrowDownRightIcon;
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1 align-top',
        up ? 'text-success' : 'text-destructive',
      )}
    >
      <Icon className="size-4" aria-hidden="true" />
      {t('dashboard.revenue.change', {
        change: formatChange(change.ratio, i18n.resolvedLanguage),
        days,
      })}
    </span>
  );
}

/**
 * The revenue of the last 30 days, front and centre: gross with net after commission beside it,
 * the change against the 30 days before, and a bar per day. Its place is kept while it loads.
 */
export function RevenueCard({ overview }: { overview: Loadable<SalesOverview> }) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage;
  const data = overview.data;
  const failed = !data && !overview.isPending;
  return (
    <Card className="gap-4" data-testid="revenue-card">
      <CardHeader className="flex flex-wrap items-start justify-between gap-2">
        <div className="grid gap-1">
          <CardTitle>{t('dashboard.revenue.title', { days: data?.windowDays ?? 30 })}</CardTitle>
          <CardDescription>{t('dashboard.revenue.description')}</CardDescription>
        </div>
        <div className="flex flex-wrap items-center gap-x-4 gap-y-1">
          <Link
            to={paths.sales.href('all')}
            className="inline-flex items-center gap-1 text-sm font-medium text-primary underline-offset-4 hover:underline"
          >
            {t('dashboard.revenue.allSales')}
            <ArrowRightIcon className="size-4" aria-hidden="true" />
          </Link>
          <Link
            to={paths.analytics.href()}
            className="inline-flex items-center gap-1 text-sm font-medium text-primary underline-offset-4 hover:underline"
            data-testid="revenue-analytics-link"
          >
            {t('dashboard.revenue.analytics')}
            <ArrowRightIcon className="size-4" aria-hidden="true" />
          </Link>
          <Link
            to={paths.payouts.href()}
            className="inline-flex items-center gap-1 text-sm font-medium text-primary underline-offset-4 hover:underline"
            data-testid="revenue-balance-link"
          >
            {t('dashboard.revenue.balance')}
            <ArrowRightIcon className="size-4" aria-hidden="true" />
          </Link>
        </div>
      </CardHeader>
      <CardContent className="grid gap-4">
        {/* Side by side where they fit, net under gross on a phone. Each keeps the width of an
            amount in the millions while it loads, so that the net does not move under the
            gross when the amounts arrive. */}
        <dl className="flex flex-wrap gap-x-8 gap-y-4">
          <div className="grid min-w-48 gap-0.5">
            <dt className="text-sm text-muted-foreground">{t('dashboard.revenue.gross')}</dt>
            <dd className="text-3xl font-bold tabular-nums" data-testid="revenue-gross">
              {data ? formatKrwAmount(data.current.amount, language) : failed ? '-' : '...'}
            </dd>
          </div>
          <div className="grid min-w-48 gap-0.5">
            <dt className="text-sm text-muted-foreground">{t('dashboard.revenue.net')}</dt>
            <dd className="text-3xl font-bold tabular-nums" data-testid="revenue-net">
              {data ? formatKrwAmount(data.current.net, language) : failed ? '-' : '...'}
            </dd>
          </div>
        </dl>
        {/* Two lines kept on a phone, where the change and the detail rarely fit on one. */}
        <p className="min-h-10 text-sm sm:min-h-5" data-testid="revenue-change">
          {data ? <ChangeLine overview={data} /> : null}
          {data ? (
            <span className="text-muted-foreground">
              {' · '}
              {t('dashboard.revenue.detail', {
                sales: formatCount(data.current.count),
                commission: formatKrwAmount(data.current.commission, language),
              })}
            </span>
          ) : null}
        </p>
        {data ? (
          <RevenueChart days={data.daily} />
        ) : (
          <Skeleton className="h-[8.25rem] w-full" data-testid="revenue-chart-placeholder" />
        )}
      </CardContent>
    </Card>
  );
}
