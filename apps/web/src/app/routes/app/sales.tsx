import type { SalesPeriod } from '@seller/contract/limits';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useParams, useSearchParams } from 'react-router';
import { useExchangeRate } from '@/features/products/api/get-exchange-rate';
import { useMyProducts } from '@/features/products/api/get-my-products';
import { productQueryOptions } from '@/features/products/api/get-product';
import { useSale } from '@/features/sales/api/get-sale';
import { SaleDetail } from '@/features/sales/components/sale-detail';
import { SalesPage } from '@/features/sales/components/sales-page';
import { allowancesOf } from '@/features/sales/lib/download-allowance';
import { salesListOf } from '@/features/sales/lib/sale-link';
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

/**
 * /sales/:purchaseId: one sale, its downloads and refunds. Its product (read once the sale is
 * here; a deleted product still answers) says how many downloads the sale gives; the back link
 * returns to the list the sale was opened from.
 */
export function SaleDetailRoute() {
  const { purchaseId = '' } = useParams();
  const { state } = useLocation();
  const { i18n } = useTranslation();
  const yuan = showsYuan(i18n.resolvedLanguage);
  const rate = useExchangeRate({ enabled: yuan });
  const productId = useSale(purchaseId).data?.sale.product_id;
  const product = useQuery({
    ...productQueryOptions(productId ?? ''),
    enabled: productId !== undefined,
  });
  const allowance = product.data
    ? { perFile: product.data.product.download_limit, files: product.data.files.length }
    : undefined;
  return (
    <SaleDetail
      key={purchaseId}
      purchaseId={purchaseId}
      allowance={allowance}
      allowancePending={product.isPending && product.fetchStatus !== 'idle'}
      backTo={salesListOf(state)}
      yuanRate={yuan ? rate.data : undefined}
    />
  );
}
