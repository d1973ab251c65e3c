import { useTranslation } from 'react-i18next';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
  TableStateRow,
} from '@/components/ui/table';
import { formatCount, formatKrwAmount, formatMoney } from '@/lib/format';
import { formatShortDate } from '@/lib/format-date';
import { useSalesByProduct } from '../api/get-sales-by-product';

const columnCount = 5;

/** Sales per product: price (USD), sales count, revenue (KRW) and the last sale's date. */
export function ProductsTab() {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage;
  const products = useSalesByProduct();
  const rows = products.data?.products ?? [];

  return (
    <div className="rounded-lg border">
      <Table data-testid="product-sales-table">
        <TableHeader>
          <TableRow>
            <TableHead>{t('sales.products.product')}</TableHead>
            <TableHead className="text-right">{t('sales.products.price')}</TableHead>
            <TableHead className="text-right">{t('sales.products.salesCount')}</TableHead>
            <TableHead className="text-right">{t('sales.products.revenue')}</TableHead>
            <TableHead>{t('sales.products.lastSale')}</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {products.isPending ? (
            <TableStateRow colSpan={columnCount}>{t('sales.transactions.loading')}</TableStateRow>
          ) : rows.length === 0 ? (
            <TableStateRow colSpan={columnCount} data-testid="product-sales-empty">
              {t('sales.products.empty')}
            </TableStateRow>
          ) : (
            rows.map((row) => (
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
            ))
          )}
        </TableBody>
      </Table>
    </div>
  );
}
