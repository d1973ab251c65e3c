import type { ProductStats } from '@seller/contract/products/get-product-stats';
import type { SalesFigures, SalesStats } from '@seller/contract/sales/get-sales-stats';
import {
  ArrowRightIcon,
  CalendarDaysIcon,
  CheckCircle2Icon,
  PackageIcon,
  TrendingUpIcon,
} from 'lucide-react';
import type * as React from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { cn } from '@/lib/class-names';
import { formatCount, formatKrwAmount } from '@/lib/format';
import type { Loadable } from '@/lib/use-drawn-later';

const loadingMark = '...';

/** Loading shows '...'; a failed load shows a dash (failures are only logged). */
function display<T>(source: Loadable<T>, render: (data: T) => string): string {
  if (source.data !== undefined) return render(source.data);
  return source.isPending ? loadingMark : '-';
}

function StatCard({
  id,
  label,
  value,
  detail,
  detailPending = false,
  icon,
  to,
}: {
  id: string;
  label: string;
  value: string;
  detail?: string | undefined;
  /** The detail line is on its way: its place is kept, so that nothing moves when it comes. */
  detailPending?: boolean;
  icon: React.ReactNode;
  to?: string;
}) {
  const body = (
    <>
      <span className="flex items-center justify-between gap-2 text-sm font-medium text-muted-foreground">
        {label}
        <span className="[&_svg]:size-4" aria-hidden="true">
          {icon}
        </span>
      </span>
      <span className="text-2xl font-bold tabular-nums" data-testid="stat-value">
        {value}
      </span>
      {detail ? (
        <span className="text-sm text-muted-foreground" data-testid="stat-detail">
          {detail}
        </span>
      ) : detailPending ? (
        <Skeleton className="h-5 w-24" />
      ) : null}
    </>
  );
  const classes = 'grid h-full content-start gap-2 rounded-xl border bg-card p-5 shadow-sm';
  return to ? (
    <Link
      to={to}
      data-testid={`stat-${id}`}
      className={cn(
        classes,
        'outline-none transition-colors hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50',
      )}
    >
      {body}
    </Link>
  ) : (
    <div data-testid={`stat-${id}`} className={classes}>
      {body}
    </div>
  );
}

/** Total and active products; total and this month's sales (amount and count, clickable). */
export function StatCards({
  products,
  sales,
}: {
  products: Loadable<ProductStats>;
  sales: Loadable<Pick<SalesStats, 'totalSales' | 'monthlySales'>>;
}) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage;
  const count = (figures: SalesFigures) =>
    t('dashboard.stats.transactions', {
      count: figures.count,
      formatted: formatCount(figures.count),
    });
  return (
    <section
      aria-label={t('dashboard.stats.label')}
      className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4"
    >
      <StatCard
        id="total-products"
        label={t('dashboard.stats.totalProducts')}
        value={display(products, (data) => formatCount(data.totalProducts))}
        icon={<PackageIcon />}
      />
      <StatCard
        id="active-products"
        label={t('dashboard.stats.activeProducts')}
        value={display(products, (data) => formatCount(data.activeProducts))}
        icon={<CheckCircle2Icon />}
      />
      <StatCard
        id="total-sales"
        label={t('dashboard.stats.totalSales')}
        value={display(sales, (data) => formatKrwAmount(data.totalSales.amount, language))}
        detail={sales.data ? count(sales.data.totalSales) : undefined}
        detailPending={sales.isPending}
        icon={<TrendingUpIcon />}
        to={paths.sales.href('all')}
      />
      <StatCard
        id="month-sales"
        label={t('dashboard.stats.monthSales')}
        value={display(sales, (data) => formatKrwAmount(data.monthlySales.amount, language))}
        detail={sales.data ? count(sales.data.monthlySales) : undefined}
        detailPending={sales.isPending}
        icon={<CalendarDaysIcon />}
        to={paths.sales.href('month')}
      />
    </section>
  );
}

/** Shown only when today's count is above 0, with a details link to today's sales. */
export function TodaySalesCard({ today }: { today: SalesFigures | undefined }) {
  const { t, i18n } = useTranslation();
  if (!today || today.count <= 0) return null;
  const language = i18n.resolvedLanguage;
  return (
    <section
      className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-success/30 bg-success/10 p-5"
      data-testid="today-sales"
    >
      <div className="grid gap-1">
        <h2 className="text-sm font-medium">{t('dashboard.today.title')}</h2>
        <p className="text-2xl font-bold tabular-nums" data-testid="today-amount">
          {formatKrwAmount(today.amount, language)}
        </p>
        <p className="text-sm text-muted-foreground" data-testid="today-count">
          {t('dashboard.stats.transactions', {
            count: today.count,
            formatted: formatCount(today.count),
          })}
        </p>
      </div>
      <Link
        to={paths.sales.href('today')}
        className="inline-flex items-center gap-1 text-sm font-medium text-primary underline-offset-4 hover:underline"
        data-testid="today-details"
      >
        {t('dashboard.today.details')}
        <ArrowRightIcon className="size-4" aria-hidden="true" />
      </Link>
    </section>
  );
}
