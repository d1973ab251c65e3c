import { useTranslation } from 'react-i18next';
import { DataTable } from '@/components/data-table';
import { TableCell, TableRow } from '@/components/ui/table';
import { formatCount, formatKrwAmount, formatMoney } from '@/lib/format';
import { formatShortDate } from '@/lib/format-date';
import { useSalesByProduct } from '../api/get-sales-by-product';

/** Sales per product: price (USD), sales count, revenue (KRW) and the last sale's date. */
export function ProductsTab() {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage;
  const products = useSalesByProduct();
  const rows = products.data?.products ?? [];

  return (
    <div className="rounded-lg border">
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
              {formatCount(row.salesCount, language)}
            </TableCell>
            <TableCell className="text-right tabular-nums" data-testid="revenue">
              {formatKrwAmount(row.totalRevenue, language)}
            </TableCell>
            <TableCell className="tabular-nums" data-testid="last-sale">
              {row.lastSaleDate ? formatShortDate(row.lastSaleDate, language) : '-'}
            </TableCell>
          </TableRow>
        ))}
      </DataTable>
    </div>
  );
}
