import type { ExchangeRate } from '@seller/contract/products/get-exchange-rate';
import { useTranslation } from 'react-i18next';
import { ClampedText } from '@/components/clamped-text';
import { DataTable } from '@/components/data-table';
import { TableCell, TableRow } from '@/components/ui/table';
import { YuanApproximation } from '@/components/yuan-approximation';
import { formatCount, formatKrwAmount, formatMoney } from '@/lib/format';
import { formatShortDate } from '@/lib/format-date';
import { useLayoutWidth } from '@/lib/use-layout-width';
import { useSalesByProduct } from '../api/get-sales-by-product';
import { ListLoadFailed } from './list-load-failed';

/**
 * Sales per product: price (USD), sales count, revenue (KRW) and the last sale's date; a table
 * on wide screens, cards on phones. The column names say which amount is in which currency.
 */
export function ProductsTab({ yuanRate: rate }: { yuanRate?: ExchangeRate | undefined }) {
  const layout = useLayoutWidth();
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage;
  const products = useSalesByProduct();
  const rows = products.data?.products ?? [];
  // A list that could not be read says so (never "no products") and offers to try again.
  const failed = products.isError;

  return (
    <>
      {failed ? (
        <ListLoadFailed
          query={products}
          fallback={t('sales.products.loadFailed')}
          testId="product-sales"
        />
      ) : null}

      {!failed && layout !== 'narrow' ? (
        <div className="hidden rounded-lg border md:block">
          <DataTable
            data-testid="product-sales-table"
            columns={[
              { id: 'product', header: t('sales.products.product') },
              { id: 'price', header: t('sales.products.price'), className: 'text-right' },
              { id: 'count', header: t('sales.products.salesCount'), className: 'text-right' },
              { id: 'revenue', header: t('sales.products.revenue'), className: 'text-right' },
              { id: 'last-sale', header: t('sales.products.lastSale') },
            ]}
            loading={products.isPending}
            rowCount={rows.length}
            placeholders={{
              loading: { text: t('sales.transactions.loading') },
              empty: { text: t('sales.products.empty'), testId: 'product-sales-empty' },
            }}
          >
            {rows.map((row) => (
              <TableRow key={row.productId} data-testid="product-sales-row">
                <TableCell className="max-w-72 truncate font-medium" title={row.title}>
                  {row.title}
                </TableCell>
                <TableCell className="text-right tabular-nums">
                  {formatMoney(row.productPrice, 'USD', language)}
                </TableCell>
                <TableCell className="text-right tabular-nums" data-testid="sales-count">
                  {formatCount(row.salesCount)}
                </TableCell>
                <TableCell className="text-right tabular-nums">
                  <span data-testid="revenue">{formatKrwAmount(row.totalRevenue, language)}</span>
                  <YuanApproximation won={row.totalRevenue} rate={rate} className="block text-xs" />
                </TableCell>
                <TableCell className="tabular-nums" data-testid="last-sale">
                  {row.lastSaleDate ? formatShortDate(row.lastSaleDate, language) : '-'}
                </TableCell>
              </TableRow>
            ))}
          </DataTable>
        </div>
      ) : null}

      {!failed && layout !== 'wide' ? (
        <div className="md:hidden" data-testid="product-sales-cards">
          {products.isPending || rows.length === 0 ? (
            <p className="rounded-lg border py-8 text-center text-sm text-muted-foreground">
              {products.isPending ? t('sales.transactions.loading') : t('sales.products.empty')}
            </p>
          ) : (
            <ul className="grid gap-3">
              {rows.map((row) => (
                <li
                  key={row.productId}
                  className="grid gap-3 rounded-lg border bg-card p-4 text-sm"
                  data-testid="product-sales-card"
                >
                  <ClampedText text={row.title} className="font-medium" testId="card-product" />
                  <dl className="grid grid-cols-2 gap-x-4 gap-y-2">
                    <div className="grid gap-0.5">
                      <dt className="text-xs text-muted-foreground">{t('sales.products.price')}</dt>
                      <dd className="tabular-nums">
                        {formatMoney(row.productPrice, 'USD', language)}
                      </dd>
                    </div>
                    <div className="grid gap-0.5">
                      <dt className="text-xs text-muted-foreground">
                        {t('sales.products.salesCount')}
                      </dt>
                      <dd className="tabular-nums">{formatCount(row.salesCount)}</dd>
                    </div>
                    <div className="grid gap-0.5">
                      <dt className="text-xs text-muted-foreground">
                        {t('sales.products.revenue')}
                      </dt>
                      <dd className="grid font-semibold tabular-nums">
                        <span data-testid="card-revenue">
                          {formatKrwAmount(row.totalRevenue, language)}
                        </span>
                        <YuanApproximation won={row.totalRevenue} rate={rate} className="text-xs" />
                      </dd>
                    </div>
                    <div className="grid gap-0.5">
                      <dt className="text-xs text-muted-foreground">
                        {t('sales.products.lastSale')}
                      </dt>
                      <dd className="tabular-nums">
                        {row.lastSaleDate ? formatShortDate(row.lastSaleDate, language) : '-'}
                      </dd>
                    </div>
                  </dl>
                </li>
              ))}
            </ul>
          )}
        </div>
      ) : null}
    </>
  );
}
