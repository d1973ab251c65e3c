import type { SalesPeriod } from '@seller/contract/limits';
import type { ExchangeRate } from '@seller/contract/products/get-exchange-rate';
import type { Transaction } from '@seller/contract/sales/get-transactions';
import { DownloadIcon, XIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { formatLongDate } from '@/lib/format-date';
import { useDrawnLater } from '@/lib/use-drawn-later';
import { useExportSales } from '../api/export-sales';
import { useTransactions } from '../api/get-transactions';
import type { DownloadAllowance } from '../lib/download-allowance';
import { ListLoadFailed } from './list-load-failed';
import { PeriodFilter } from './period-filter';
import { TransactionList } from './transaction-list';
import { TransactionsPagination } from './transactions-pagination';

/** The sales view the URL holds (period and page), and how to change it. */
export interface SalesViewProps {
  period: SalesPeriod;
  page: number;
  /** One day to list instead of the period (`YYYY-MM-DD`), as a sale mail links to. */
  day?: string | null | undefined;
  onPeriodChange: (period: SalesPeriod) => void;
  /** Leaves the day for the period's list. */
  onDayClear?: (() => void) | undefined;
  onPageChange: (page: number) => void;
  /** The rate of the yuan amounts beside the won ones (given for Chinese sellers only). */
  yuanRate?: ExchangeRate | undefined;
  /**
   * The rate is on its way (Chinese sellers): amounts are shown once it is here, with their yuan
   * lines, so that those lines do not push the page down when it comes.
   */
  yuanPending?: boolean | undefined;
  /**
   * What each product gives a sale (its download limit per file and its files), by product id:
   * the download counts are read against it. A product missing from it shows its count alone.
   */
  downloadAllowances?: ReadonlyMap<string, DownloadAllowance> | undefined;
  /** The allowances are on their way: the rows wait for them, as for the yuan rate. */
  allowancesPending?: boolean | undefined;
}

/** No transactions yet: one array, so that the list is not drawn again for a new empty one. */
const noRows: readonly Transaction[] = [];

/**
 * The period filter, the CSV export and one page of the period's transactions: a table on wide
 * screens, a list of cards on phones.
 */
export function TransactionsTab({
  period,
  page,
  day,
  onPeriodChange,
  onDayClear,
  onPageChange,
  yuanRate: rate,
  yuanPending = false,
  downloadAllowances,
  allowancesPending = false,
}: SalesViewProps) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage;
  const { search } = useLocation();
  const transactions = useTransactions({ period, page, day: day ?? undefined });
  const exportSales = useExportSales({
    onError: (error) => {
      console.warn('[sales] The export failed:', error.message);
      toast.error(t('sales.export.failed'));
    },
  });
  const waiting = yuanPending || allowancesPending;
  // A page that could not be read says so (never "no transactions") and offers to try again.
  const failed = transactions.isError;
  // The rows are drawn in slices once every part of them has arrived.
  const { data: shown, isPending: loading } = useDrawnLater({
    data: waiting ? undefined : transactions.data,
    isPending: transactions.isPending || waiting,
  });

  return (
    <div className="grid grid-cols-1 gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex flex-wrap items-center gap-2">
          <PeriodFilter value={day ? null : period} onChange={onPeriodChange} />
          {day ? (
            <span
              className="inline-flex items-center gap-1 rounded-full border bg-muted py-1 ps-3 pe-1 text-sm"
              data-testid="day-filter"
            >
              {t('sales.day.showing', { day: formatLongDate(day, language) })}
              <Button
                variant="ghost"
                size="icon"
                className="size-7 rounded-full"
                onClick={onDayClear}
                aria-label={t('sales.day.clear')}
              >
                <XIcon aria-hidden="true" />
              </Button>
            </span>
          ) : null}
        </div>
        <Button
          variant="outline"
          onClick={() => exportSales.mutate(period)}
          disabled={exportSales.isPending}
          data-testid="export-button"
        >
          <DownloadIcon aria-hidden="true" />
          {exportSales.isPending ? t('sales.export.exporting') : t('sales.export.button')}
        </Button>
      </div>

      {failed ? (
        <ListLoadFailed
          query={transactions}
          fallback={t('sales.transactions.loadFailed')}
          testId="transactions"
        />
      ) : (
        <TransactionList
          rows={shown?.transactions ?? noRows}
          loading={loading}
          rate={rate}
          downloadAllowances={downloadAllowances}
          search={search}
        />
      )}

      {shown ? (
        <TransactionsPagination pagination={shown.pagination} onPageChange={onPageChange} />
      ) : null}
    </div>
  );
}
