import type { ExchangeRate } from '@seller/contract/products/get-exchange-rate';
import type { Transaction } from '@seller/contract/sales/get-transactions';
import { ReceiptTextIcon } from 'lucide-react';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CardFacts, CardList, CardListItem } from '@/components/card-list';
import { ClampedText } from '@/components/clamped-text';
import { DataTable } from '@/components/data-table';
import { TableCell, TableRow } from '@/components/ui/table';
import { YuanApproximation } from '@/components/yuan-approximation';
import { paths } from '@/config/paths';
import { formatKrwAmount } from '@/lib/format';
import { formatDateTime } from '@/lib/format-date';
import { useLayoutWidth } from '@/lib/use-layout-width';
import { type DownloadAllowance, saleDownloadLimit } from '../lib/download-allowance';
import { paymentMethodKey } from '../lib/payment-methods';
import { saleLinkState } from '../lib/sale-link';
import { DownloadCount } from './download-count';
import { RefundedAmount } from './refunded-amount';
import { SaleStatusBadge } from './sale-status-badge';

const detailLinkClass =
  'font-medium text-primary underline-offset-4 hover:underline focus-visible:underline';

/**
 * One page of transactions: a table on wide screens, a list of cards on phones; while they
 * load, and when there are none, it says so. Drawn again only when what it shows changes, not
 * each time the sales page around it does (the summary's figures arriving, say).
 */
export const TransactionList = memo(function TransactionList({
  rows,
  loading,
  rate,
  downloadAllowances,
  search,
}: {
  rows: readonly Transaction[];
  loading: boolean;
  /** The rate of the yuan amounts beside the won ones (Chinese sellers only). */
  rate: ExchangeRate | undefined;
  /** What each product gives a sale, by product id; a product missing from it shows its count alone. */
  downloadAllowances: ReadonlyMap<string, DownloadAllowance> | undefined;
  /** The list's query (period, day, page), which a sale's back link returns to. */
  search: string;
}) {
  const layout = useLayoutWidth();
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage;
  const linkState = saleLinkState(search);
  const downloadLimit = (productId: string) => {
    const allowance = downloadAllowances?.get(productId);
    return allowance ? saleDownloadLimit(allowance) : undefined;
  };
  const paymentMethod = (sent: string) => {
    const key = paymentMethodKey(sent);
    return key ? t(key) : sent;
  };
  const placeholders = {
    loading: { text: t('sales.transactions.loading'), testId: 'transactions-loading' },
    empty: { text: t('sales.transactions.empty'), testId: 'transactions-empty' },
  };

  return (
    <>
      {layout !== 'narrow' ? (
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

      {layout !== 'wide' ? (
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
    </>
  );
});
