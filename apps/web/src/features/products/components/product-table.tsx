import type { ProductListItem } from '@seller/contract/products/list-my-products';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '@/components/data-table';
import { Card } from '@/components/ui/card';
import { TableCell, TableRow } from '@/components/ui/table';
import { formatCount, formatKrwAmount, formatMoney } from '@/lib/format';
import { formatRelativeTime } from '@/lib/format-intl';
import { ProductActions } from './product-actions';
import { ProductThumbnail } from './product-thumbnail';
import { ProductTitleLink } from './product-title-link';
import { StatusBadge } from './status-badge';

/** A column heading, with its unit under it. */
function headerCell(label: string, unit?: string): ReactNode {
  return unit ? (
    <span className="grid leading-tight">
      {label}
      <span className="text-xs font-normal text-muted-foreground">{unit}</span>
    </span>
  ) : (
    label
  );
}

/** A page of products as a table (from the `md` width up); a row opens its product. */
export function ProductTable({
  products,
  onOpen,
  onDelete,
}: {
  products: readonly ProductListItem[];
  onOpen: (product: ProductListItem) => void;
  onDelete: (product: ProductListItem) => void;
}) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage;
  return (
    <Card className="hidden py-0 md:flex" data-testid="products-table">
      <DataTable
        headerRowClassName="hover:bg-transparent"
        columns={[
          {
            id: 'thumbnail',
            header: <span className="sr-only">{t('products.list.thumbnail')}</span>,
            className: 'w-16',
          },
          { id: 'title', header: t('products.list.productTitle') },
          {
            id: 'price',
            header: headerCell(t('products.list.price'), t('products.list.inUsd')),
          },
          { id: 'files', header: t('products.list.files'), className: 'text-right' },
          { id: 'status', header: t('products.list.status') },
          {
            id: 'sales',
            header: t('products.list.sales'),
            className: 'text-right',
          },
          {
            id: 'revenue',
            header: headerCell(t('products.list.revenue'), t('products.list.inKrw')),
            className: 'text-right',
          },
          {
            id: 'views',
            header: t('products.list.views'),
            className: 'hidden text-right lg:table-cell',
          },
          {
            id: 'created',
            header: t('products.list.created'),
            className: 'hidden xl:table-cell',
          },
          { id: 'actions', header: t('products.list.actions'), className: 'text-right' },
        ]}
        rowCount={products.length}
      >
        {products.map((product) => (
          <TableRow
            key={product.id}
            className="cursor-pointer"
            onClick={() => onOpen(product)}
            data-testid="product-row"
          >
            <TableCell>
              <ProductThumbnail url={product.thumbnail_url} alt="" className="size-12" />
            </TableCell>
            <TableCell className="max-w-xs min-w-40 whitespace-normal">
              <ProductTitleLink product={product} />
              <p className="line-clamp-1 text-xs wrap-anywhere text-muted-foreground">
                {product.description || t('products.list.noDescription')}
              </p>
            </TableCell>
            <TableCell className="tabular-nums" data-testid="product-price">
              {formatMoney(product.price, 'USD', language)}
            </TableCell>
            <TableCell className="text-right tabular-nums" data-testid="product-files">
              {formatCount(product.file_count)}
            </TableCell>
            <TableCell>
              <StatusBadge status={product.status} />
            </TableCell>
            <TableCell className="text-right tabular-nums" data-testid="product-sales">
              {formatCount(product.sales_count)}
            </TableCell>
            <TableCell className="text-right tabular-nums" data-testid="product-revenue">
              {formatKrwAmount(product.revenue, language)}
            </TableCell>
            <TableCell
              className="hidden text-right tabular-nums lg:table-cell"
              data-testid="product-views"
            >
              {formatCount(product.view_count)}
            </TableCell>
            <TableCell className="hidden text-muted-foreground xl:table-cell">
              {formatRelativeTime(product.created_at, language)}
            </TableCell>
            <TableCell>
              <ProductActions product={product} onDelete={() => onDelete(product)} />
            </TableCell>
          </TableRow>
        ))}
      </DataTable>
    </Card>
  );
}
