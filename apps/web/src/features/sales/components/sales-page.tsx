import type { SalesPeriod } from '@seller/contract/limits';
import { useQueryClient } from '@tanstack/react-query';
import { BarChart3Icon, PackageIcon, ReceiptIcon } from 'lucide-react';
import { lazy, Suspense, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/layouts/page-header';
import { Skeleton } from '@/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { YuanRateNote } from '@/components/yuan-approximation';
import { salesKeys } from '@/lib/query-keys/sales-keys';
import { useSalesStats } from '../api/get-sales-stats';
import { ProductsTab } from './products-tab';
import { SalesSummaryCards } from './summary-cards';
import { type SalesViewProps, TransactionsTab } from './transactions-tab';

// The chart (and its geometry) is a separate chunk, fetched when the chart tab opens.
const SalesChart = lazy(() => import('./sales-chart').then((m) => ({ default: m.SalesChart })));

/**
 * Changing the period or the page reloads stats, transactions, daily sales and product
 * sales: the seller asks for a fresh view. Transactions follow from their query key; the
 * others are refreshed.
 */
function useReloadOnViewChange(period: SalesPeriod, page: number) {
  const queryClient = useQueryClient();
  const previous = useRef(`${period}:${page}`);
  useEffect(() => {
    const view = `${period}:${page}`;
    if (view === previous.current) return;
    previous.current = view;
    for (const queryKey of [salesKeys.stats(), salesKeys.byProduct(), salesKeys.dailies()]) {
      void queryClient.invalidateQueries({ queryKey });
    }
  }, [period, page, queryClient]);
}

/**
 * The sales screen; `view.yuanRate` (Chinese sellers) adds yuan beside the won amounts, and while
 * it is on its way (`view.yuanPending`) the amounts keep their places without it.
 */
export function SalesPage(view: SalesViewProps) {
  const { period, page, yuanRate, yuanPending = false } = view;
  const { t } = useTranslation();
  const stats = useSalesStats();
  useReloadOnViewChange(period, page);

  return (
    // One column of minmax(0, 1fr): a table wider than the page scrolls inside its frame
    // instead of widening the page.
    <div className="grid grid-cols-1 gap-6">
      <PageHeader title={t('sales.title')} subtitle={t('sales.subtitle')} />

      <div className="grid gap-2">
        <SalesSummaryCards
          stats={yuanPending ? undefined : stats.data}
          loading={stats.isPending || yuanPending}
          rate={yuanRate}
          withYuan={yuanPending || yuanRate !== undefined}
        />
        {yuanPending ? (
          <Skeleton className="h-4 w-64 max-w-full" />
        ) : (
          <YuanRateNote rate={yuanRate} />
        )}
      </div>

      <Tabs defaultValue="transactions">
        <TabsList>
          <TabsTrigger value="transactions">
            <ReceiptIcon aria-hidden="true" />
            {t('sales.tabs.transactions')}
          </TabsTrigger>
          <TabsTrigger value="products">
            <PackageIcon aria-hidden="true" />
            {t('sales.tabs.products')}
          </TabsTrigger>
          <TabsTrigger value="chart">
            <BarChart3Icon aria-hidden="true" />
            {t('sales.tabs.chart')}
          </TabsTrigger>
        </TabsList>
        <TabsContent value="transactions">
          <TransactionsTab {...view} />
        </TabsContent>
        <TabsContent value="products">
          <ProductsTab yuanRate={yuanRate} />
        </TabsContent>
        <TabsContent value="chart">
          <Suspense
            fallback={
              <p className="py-16 text-center text-muted-foreground">{t('sales.chart.loading')}</p>
            }
          >
            <SalesChart />
          </Suspense>
        </TabsContent>
      </Tabs>
    </div>
  );
}
