import type { SalesPeriod } from '@seller/contract/limits';
import type { ExchangeRate } from '@seller/contract/products/get-exchange-rate';
import { DownloadIcon, ReceiptTextIcon, XIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { toast } from 'sonner';
import { CardFacts, CardList, CardListItem } from '@/components/card-list';
import { ClampedText } from '@/components/clamped-text';
import { DataTable } from '@/components/data-table';
import { Button } from '@/components/ui/button';
import { TableCell, TableRow } from '@/components/ui/table';
import { YuanApproximation } from '@/components/yuan-approximation';
import { paths } from '@/config/paths';
import { formatKrwAmount } from '@/lib/format';
import { formatDateTime, formatLongDate } from '@/lib/format-date';
import { useLayoutWidth } from '@/lib/use-layout-width';
import { useExportSales } from '../api/export-sales';
import { useTransactions } from '../api/get-transactions';
import { type DownloadAllowance, saleDownloadLimit } from '../lib/download-allowance';
import { paymentMethodKey } from '../lib/payment-methods';
import { saleLinkState } from '../lib/sale-link';
import { DownloadCount } from './download-count';
import { ListLoadFailed } from './list-load-failed';
import { PeriodFilter } from './period-filter';
import { RefundedAmount } from './refunded-amount';
import { SaleStatusBadge } from './sale-status-badge';
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

const detailLinkClass =
  'font-medium text-primary underline-offset-4 hover:underline focus-visible:underline';

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
  const layout = useLayoutWidth();
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage;
  const { search } = useLocation();
  const linkState = saleLinkState(search);
  const downloadLimit = (productId: string) => {
    const allowance = downloadAllowances?.get(productId);
    return allowance ? saleDownloadLimit(allowance) : undefined;
  };
  const transactions = useTransactions({ period, page, day: day ?? undefined });
  const paymentMethod = (sent: string) => {
    const key = paymentMethodKey(sent);
    return key ? t(key) : sent;
  };
  const exportSales = useExportSales({
    onError: (error) => {
      console.warn('[sales] The export failed:', error.message);
      toast.error(t('sales.export.failed'));
    },
  });
  const waiting = yuanPending || allowancesPending;
  // A page that could not be read says so (never "no transactions") and offers to try again.
  const failed = transactions.isError;
  const loading = transactions.isPending || waiting;
  const shown = waiting ? undefined : transactions.data;
  const rows = shown?.transactions ?? [];
  const placeholders = {
    loading: { text: t('sales.transactions.loading'), testId: 'transactions-loading' },
    empty: { text: t('sales.transactions.empty'), testId: 'transactions-empty' },
  };

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
      ) : null}

      {!failed && layout !== 'narrow' ? (
        <div className="hidden rounded-lg border md:block">
          <DataTable
            data-testid="transactions-table"
            // Eight columns share the page's width: headers may wrap between words, long order
            // ids anywhere, so that every column (the amount last) stays in view.
            columns={[
              {
                id: 'date',
                header: t('sales.transactions.orderDate'),
                className: 'whitespace-normal',
              },
              {
                id: 'order',
                header: t('sales.transactions.orderId'),
                className: 'whitespace-normal',
              },
              {
                id: 'product',
                header: t('sales.transactions.product'),
                className: 'whitespace-normal',
              },
              {
                id: 'customer',
                header: t('sales.transactions.customer'),
                className: 'whitespace-normal',
              },
              {
                id: 'payment',
                header: t('sales.transactions.paymentMethod'),
                className: 'whitespace-normal',
              },
              { id: 'status', header: t('sales.status.label'), className: 'whitespace-normal' },
              {
                id: 'downloads',
                header: t('sales.transactions.downloads'),
                className: 'whitespace-normal',
              },
              {
                id: 'amount',
                header: t('sales.transactions.amount'),
                className: 'whitespace-normal text-right',
              },
            ]}
            loading={loading}
            rowCount={rows.length}
            placeholders={placeholders}
          >
            {rows.map((sale) => (
              <TableRow key={sale.purchase_id} data-testid="transaction-row">
                <TableCell className="tabular-nums">
                  <time dateTime={sale.purchase_date}>
                    {formatDateTime(sale.purchase_date, language)}
                  </time>
                </TableCell>
                <TableCell className="min-w-28 font-mono text-xs whitespace-normal wrap-anywhere">
                  <Link
                    to={paths.sale.href(sale.purchase_id)}
                    state={linkState}
                    className={detailLinkClass}
                    data-testid="order-id"
                  >
                    {sale.order_id}
                  </Link>
                </TableCell>
                <TableCell className="max-w-48 truncate" title={sale.product_title}>
                  {sale.product_title}
                </TableCell>
                <TableCell className="max-w-48 truncate" title={sale.customer_email}>
                  {sale.customer_email}
                </TableCell>
                <TableCell data-testid="payment-method">
                  {paymentMethod(sale.payment_method)}
                </TableCell>
                <TableCell>
                  <SaleStatusBadge status={sale.status} />
                </TableCell>
                {/* The time of the last download is on the phone's cards and the sale's page:
                  beside seven other columns the table has no room for it. */}
                <TableCell className="whitespace-nowrap">
                  <DownloadCount
                    count={sale.download_count}
                    limit={downloadLimit(sale.product_id)}
                  />
                </TableCell>
                <TableCell className="text-right font-medium tabular-nums">
                  <span data-testid="amount">{formatKrwAmount(sale.purchase_price, language)}</span>
                  <YuanApproximation
                    won={sale.purchase_price}
                    rate={rate}
                    className="block text-xs"
                  />
                  <RefundedAmount won={sale.refunded_amount} rate={rate} className="block" />
                </TableCell>
              </TableRow>
            ))}
          </DataTable>
        </div>
      ) : null}

      {!failed && layout !== 'wide' ? (
        <div className="md:hidden" data-testid="transactions-cards">
          <CardList loading={loading} rowCount={rows.length} placeholders={placeholders}>
            {rows.map((sale) => (
              <CardListItem key={sale.purchase_id} data-testid="transaction-card">
                <div className="flex items-start justify-between gap-3">
                  <ClampedText
                    text={sale.product_title}
                    className="flex-1 font-medium"
                    testId="card-product"
                  />
                  <span className="grid shrink-0 justify-items-end">
                    <span className="font-semibold tabular-nums" data-testid="card-amount">
                      {formatKrwAmount(sale.purchase_price, language)}
                    </span>
                    <YuanApproximation won={sale.purchase_price} rate={rate} className="text-xs" />
                    <RefundedAmount won={sale.refunded_amount} rate={rate} className="text-end" />
                  </span>
                </div>
                <CardFacts
                  facts={[
                    {
                      label: t('sales.status.label'),
                      value: <SaleStatusBadge status={sale.status} />,
                    },
                    {
                      label: t('sales.transactions.orderDate'),
                      value: (
                        <time dateTime={sale.purchase_date}>
                          {formatDateTime(sale.purchase_date, language)}
                        </time>
                      ),
                      className: 'tabular-nums',
                    },
                    {
                      label: t('sales.transactions.downloads'),
                      value: (
                        <DownloadCount
                          count={sale.download_count}
                          limit={downloadLimit(sale.product_id)}
                          lastAt={sale.last_download_at}
                        />
                      ),
                    },
                    {
                      label: t('sales.transactions.paymentMethod'),
                      value: paymentMethod(sale.payment_method),
                      testId: 'card-payment-method',
                    },
                    {
                      label: t('sales.transactions.customer'),
                      value: sale.customer_email,
                      className: 'wrap-anywhere',
                    },
                    {
                      label: t('sales.transactions.orderId'),
                      value: sale.order_id,
                      className: 'font-mono text-xs leading-5 wrap-anywhere',
                    },
                  ]}
                />
                <Link
                  to={paths.sale.href(sale.purchase_id)}
                  state={linkState}
                  className={`inline-flex w-fit items-center gap-1 ${detailLinkClass}`}
                  aria-label={t('sales.detail.openLabel', { orderId: sale.order_id })}
                  data-testid="card-open-sale"
                >
                  <ReceiptTextIcon className="size-4" aria-hidden="true" />
                  {t('sales.detail.open')}
                </Link>
              </CardListItem>
            ))}
          </CardList>
        </div>
      ) : null}

      {shown ? (
        <TransactionsPagination pagination={shown.pagination} onPageChange={onPageChange} />
      ) : null}
    </div>
  );
}
