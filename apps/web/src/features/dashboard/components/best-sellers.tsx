import type { SalesOverview } from '@seller/contract/sales/get-sales-overview';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { formatCount, formatKrwAmount, formatMoney, formatRelativeTime } from '@/lib/format';

interface Loadable<T> {
  data: T | undefined;
  isPending: boolean;
}

/** Rows kept while loading and when there are fewer: nothing below moves. */
function Rows({ rows, children }: { rows: number; children: ReactNode }) {
  return (
    <ol className="grid content-start gap-3" style={{ minHeight: `${rows * 3.25}rem` }}>
      {children}
    </ol>
  );
}

function LoadingRows({ rows }: { rows: number }) {
  return Array.from({ length: rows }, (_, row) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have nothing else to key on.
    <li key={row} className="h-11">
      <Skeleton className="h-full w-full" />
    </li>
  ));
}

/**
 * The three products with the most revenue of all time. A product's list price is in dollars
 * and its revenue in won: each says which it is.
 */
export function TopProducts({ overview }: { overview: Loadable<SalesOverview> }) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage;
  const rows = overview.data?.topProducts;
  return (
    <Card className="gap-4" data-testid="top-products">
      <CardHeader>
        <CardTitle>{t('dashboard.topProducts.title')}</CardTitle>
      </CardHeader>
      <CardContent>
        <Rows rows={3}>
          {rows === undefined && overview.isPending ? <LoadingRows rows={3} /> : null}
          {rows?.length === 0 ? (
            <li className="text-sm text-muted-foreground">{t('dashboard.topProducts.empty')}</li>
          ) : null}
          {rows?.map((row, index) => (
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
                  {t('dashboard.topProducts.sales', {
                    sales: formatCount(row.salesCount, language),
                  })}
                </span>
              </div>
              <span className="grid shrink-0 text-right">
                <span className="text-xs text-muted-foreground">
                  {t('dashboard.topProducts.revenue')}
                </span>
                <span
                  className="text-sm font-semibold tabular-nums"
                  data-testid="top-product-revenue"
                >
                  {formatKrwAmount(row.totalRevenue, language)}
                </span>
              </span>
            </li>
          ))}
        </Rows>
      </CardContent>
    </Card>
  );
}

/** The five latest sales: product, when, and what the customer paid in won. */
export function LatestSales({ overview }: { overview: Loadable<SalesOverview> }) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage;
  const rows = overview.data?.latestSales;
  return (
    <Card className="gap-4" data-testid="latest-sales">
      <CardHeader className="flex items-center justify-between gap-2">
        <CardTitle>{t('dashboard.latestSales.title')}</CardTitle>
        <Link
          to={paths.sales.href('all')}
          className="text-sm font-medium text-primary underline-offset-4 hover:underline"
        >
          {t('dashboard.latestSales.all')}
        </Link>
      </CardHeader>
      <CardContent>
        <Rows rows={5}>
          {rows === undefined && overview.isPending ? <LoadingRows rows={5} /> : null}
          {rows?.length === 0 ? (
            <li className="text-sm text-muted-foreground">{t('dashboard.latestSales.empty')}</li>
          ) : null}
          {rows?.map((sale) => (
            <li
              key={sale.purchase_id}
              className="flex items-center gap-3"
              data-testid="latest-sale"
            >
              <div className="grid min-w-0 flex-1">
                <span className="truncate text-sm font-medium" title={sale.product_title}>
                  {sale.product_title}
                </span>
                <span className="text-xs text-muted-foreground">
                  {formatRelativeTime(sale.purchase_date, language)}
                </span>
              </div>
              <span className="grid shrink-0 text-right">
                <span className="text-xs text-muted-foreground">
                  {t('dashboard.latestSales.paid')}
                </span>
                <span className="text-sm font-semibold tabular-nums">
                  {formatKrwAmount(sale.purchase_price, language)}
                </span>
              </span>
            </li>
          ))}
        </Rows>
      </CardContent>
    </Card>
  );
}
