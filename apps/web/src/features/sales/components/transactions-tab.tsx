import type { SalesPeriod } from '@seller/contract/limits';
import { DownloadIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { DataTable } from '@/components/data-table';
import { Button } from '@/components/ui/button';
import { TableCell, TableRow } from '@/components/ui/table';
import { formatKrwAmount } from '@/lib/format';
import { formatDateTime } from '@/lib/format-date';
import { useExportSales } from '../api/export-sales';
import { useTransactions } from '../api/get-transactions';
import { PeriodFilter } from './period-filter';
import { TransactionsPagination } from './transactions-pagination';

/** The sales view the URL holds (period and page), and how to change it. */
export interface SalesViewProps {
  period: SalesPeriod;
  page: number;
  onPeriodChange: (period: SalesPeriod) => void;
  onPageChange: (page: number) => void;
}

/** The period filter, the CSV export and one page of the period's transactions. */
export function TransactionsTab({ period, page, onPeriodChange, onPageChange }: SalesViewProps) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage;
  const transactions = useTransactions({ period, page });
  const exportSales = useExportSales({
    onError: (error) => {
      console.warn('[sales] The export failed:', error.message);
      toast.error(t('sales.export.failed'));
    },
  });
  const rows = transactions.data?.transactions ?? [];

  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <PeriodFilter value={period} onChange={onPeriodChange} />
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

      <div className="rounded-lg border">
        <DataTable
          data-testid="transactions-table"
          columns={[
            { id: 'date', header: t('sales.transactions.orderDate') },
            { id: 'order', header: t('sales.transactions.orderId') },
            { id: 'product', header: t('sales.transactions.product') },
            { id: 'customer', header: t('sales.transactions.customer') },
            { id: 'payment', header: t('sales.transactions.paymentMethod') },
            { id: 'amount', header: t('sales.transactions.amount'), className: 'text-right' },
          ]}
          loading={transactions.isPending}
          rowCount={rows.length}
          placeholders={{
            loading: { text: t('sales.transactions.loading'), testId: 'transactions-loading' },
            empty: { text: t('sales.transactions.empty'), testId: 'transactions-empty' },
          }}
        >
          {rows.map((sale) => (
            <TableRow key={sale.purchase_id} data-testid="transaction-row">
              <TableCell className="tabular-nums">
                <time dateTime={sale.purchase_date}>
                  {formatDateTime(sale.purchase_date, language)}
                </time>
              </TableCell>
              <TableCell className="font-mono text-xs" data-testid="order-id">
                {sale.order_id}
              </TableCell>
              <TableCell className="max-w-56 truncate" title={sale.product_title}>
                {sale.product_title}
              </TableCell>
              <TableCell className="max-w-56 truncate" title={sale.customer_email}>
                {sale.customer_email}
              </TableCell>
              <TableCell>{sale.payment_method}</TableCell>
              <TableCell className="text-right font-medium tabular-nums" data-testid="amount">
                {formatKrwAmount(sale.purchase_price, language)}
              </TableCell>
            </TableRow>
          ))}
        </DataTable>
      </div>

      {transactions.data ? (
        <TransactionsPagination
          pagination={transactions.data.pagination}
          onPageChange={onPageChange}
        />
      ) : null}
    </div>
  );
}
