import type { SalesPeriod } from '@seller/contract/limits';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useExchangeRate } from '@/features/products/api/get-exchange-rate';
import { useMyProducts } from '@/features/products/api/get-my-products';
import { SalesPage } from '@/features/sales/components/sales-page';
import { allowancesOf } from '@/features/sales/lib/download-allowance';
import {
  parseDay,
  parsePage,
  parsePeriod,
  withoutDay,
  withPage,
  withPeriod,
} from '@/features/sales/lib/sales-search-params';
import { showsYuan } from '@/lib/won-to-yuan';

/**
 * /sales: the period (and the page) live in the URL query, e.g. /sales?period=month&page=2;
 * `?day=2026-11-23` (the link of a sale mail) lists that day's sales instead of the period's.
 * Chinese sellers also get the latest exchange rate (the products' query), for yuan amounts; the
 * amounts wait for it. The download counts are read against each product's download limit (the
 * product list, which the products screen reads too); the rows wait for it as well.
 */
export function SalesRoute() {
  const { i18n } = useTranslation();
  const yuan = showsYuan(i18n.resolvedLanguage);
  const rate = useExchangeRate({ enabled: yuan });
  const products = useMyProducts();
  const allowances = useMemo(
    () => (products.data ? allowancesOf(products.data) : undefined),
    [products.data],
  );
  const [search, setSearch] = useSearchParams();
  const period = parsePeriod(search.get('period'));
  const page = parsePage(search.get('page'));
  const day = parseDay(search.get('day'));
  return (
    <SalesPage
      period={period}
      page={page}
      day={day}
      onDayClear={() => setSearch((current) => withoutDay(current))}
      yuanRate={yuan ? rate.data : undefined}
      yuanPending={yuan && rate.isPending}
      downloadAllowances={allowances}
      allowancesPending={products.isPending}
      onPeriodChange={(next: SalesPeriod) => setSearch((current) => withPeriod(current, next))}
      onPageChange={(next: number) => setSearch((current) => withPage(current, next))}
    />
  );
}
