import type { SalesOverview } from '@seller/contract/sales/get-sales-overview';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { formatCount, formatKrwAmount, formatMoney } from '@/lib/format';
import { formatRelativeTime } from '@/lib/format-intl';
import type { Loadable } from '@/lib/use-drawn-later';

/**
 * A dashboard card listing a few rows. Its height is kept for `size` rows while loading and
 * when there are fewer, so nothing below it moves: each row is given 3.25rem with its gap, the
 * placeholder rows (2.5rem and a 0.75rem gap) as much.
 */
function ListCard<Item>({
  testId,
  title,
  action,
  size,
  items,
  isPending,
  empty,
  renderItem,
}: {
  testId: string;
  title: string;
  action?: ReactNode;
  size: number;
  items: readonly Item[] | undefined;
  isPending: boolean;
  empty: string;
  renderItem: (item: Item, index: number) => ReactNode;
}) {
  return (
    <Card className="gap-4" data-testid={testId}>
      <CardHeader className={action ? 'flex items-center justify-between gap-2' : undefined}>
        <CardTitle>{title}</CardTitle>
        {action}
      </CardHeader>
      <CardContent>
        <ol className="grid content-start gap-3" style={{ minHeight: `${size * 3.25}rem` }}>
          {items === undefined && isPending
            ? Array.from({ length: size }, (_, row) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have nothing else to key on.
                <li key={row} className="h-10">
                  <Skeleton className="h-full w-full" />
                </li>
              ))
            : null}
          {items?.length === 0 ? <li className="text-sm text-muted-foreground">{empty}</li> : null}
          {items?.map(renderItem)}
        </ol>
      </CardContent>
    </Card>
  );
}

/** A row's amount on the right, under the word that says what it is. */
function Amount({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <span className="grid shrink-0 text-right">
      <span className="text-xs text-muted-foreground">{label}</span>
      <span className="text-sm font-semibold tabular-nums" data-testid={testId}>
        {value}
      </span>
    </span>
  );
}

/**
 * The three products with the most revenue of all time. A product's list price is in dollars
 * and its revenue in won: each says which it is.
 */
export function TopProducts({ overview }: { overview: Loadable<SalesOverview> }) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage;
  return (
    <ListCard
      testId="top-products"
      title={t('dashboard.topProducts.title')}
      size={3}
      items={overview.data?.topProducts}
      isPending={overview.isPending}
      empty={t('dashboard.topProducts.empty')}
      renderItem={(row, index) => (
        <li key={row.productId} className="flex items-center gap-3" data-testid="top-product">
          <span className="w-5 shrink-0 text-sm font-semibold text-muted-foreground tabular-nums">
            {index + 1}
          </span>
          <div className="grid min-w-0 flex-1">
            <Link
              to={paths.productDetail.href(row.productId)}
              className="truncate text-sm font-medium hover:underline"
              title={row.title}
            >
              {row.title}
            </Link>
            <span className="text-xs text-muted-foreground">
              {t('dashboard.topProducts.price', {
                price: formatMoney(row.productPrice, 'USD', language),
              })}
              {' · '}
              {t('dashboard.topProducts.sales', { sales: formatCount(row.salesCount) })}
            </span>
          </div>
          <Amount
            label={t('dashboard.topProducts.revenue')}
            value={formatKrwAmount(row.totalRevenue, language)}
            testId="top-product-revenue"
          />
        </li>
      )}
    />
  );
}

/** The five latest sales: product, when, and what the customer paid in won. */
export function LatestSales({ overview }: { overview: Loadable<SalesOverview> }) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage;
  return (
    <ListCard
      testId="latest-sales"
      title={t('dashboard.latestSales.title')}
      action={
        <Link
          to={paths.sales.href('all')}
          className="text-sm font-medium text-primary underline-offset-4 hover:underline"
        >
          {t('dashboard.latestSales.all')}
        </Link>
      }
      size={5}
      items={overview.data?.latestSales}
      isPending={overview.isPending}
      empty={t('dashboard.latestSales.empty')}
      renderItem={(sale) => (
        <li key={sale.purchase_id} className="flex items-center gap-3" data-testid="latest-sale">
          <div className="grid min-w-0 flex-1">
            <span className="truncate text-sm font-medium" title={sale.product_title}>
              {sale.product_title}
            </span>
            <span className="text-xs text-muted-foreground">
              {formatRelativeTime(sale.purchase_date, language)}
            </span>
          </div>
          <Amount
            label={t('dashboard.latestSales.paid')}
            value={formatKrwAmount(sale.purchase_price, language)}
          />
        </li>
      )}
    />
  );
}
