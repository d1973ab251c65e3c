import type { SalesPeriod } from '@seller/contract/limits';
import { useSearchParams } from 'react-router';
import { SalesPage } from '@/features/sales/components/sales-page';
import {
  parsePage,
  parsePeriod,
  withPage,
  withPeriod,
} from '@/features/sales/lib/sales-search-params';

/** /sales: the period (and the page) live in the URL query, e.g. /sales?period=month&page=2. */
export function SalesRoute() {
  const [search, setSearch] = useSearchParams();
  const period = parsePeriod(search.get('period'));
  const page = parsePage(search.get('page'));
  return (
    <SalesPage
      period={period}
      page={page}
      onPeriodChange={(next: SalesPeriod) => setSearch((current) => withPeriod(current, next))}
      onPageChange={(next: number) => setSearch((current) => withPage(current, next))}
    />
  );
}
