import type { ProductListItem } from '@seller/contract/products/list-my-products';
import { useTranslation } from 'react-i18next';
import { cardsLaidOutNearScreen } from '@/components/card-list';
import { Card, CardContent } from '@/components/ui/card';
import { cn } from '@/lib/class-names';
import { formatCount, formatKrwAmount, formatMoney } from '@/lib/format';
import { formatRelativeTime } from '@/lib/format-intl';
import { ProductActions } from './product-actions';
import { ProductThumbnail } from './product-thumbnail';
import { ProductTitleLink } from './product-title-link';
import { StatusBadge } from './status-badge';

/** One figure of a product card: its label over its value. */
function Figure({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <div className="grid min-w-0">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="truncate text-sm font-medium tabular-nums" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

/**
 * A page of products as cards (phones, below the `md` width; those beyond the first six laid out
 * as they near the screen); a card opens its product.
 */
export function ProductCards({
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
    <ul className={cn(cardsLaidOutNearScreen, 'min-w-0 md:hidden')} data-testid="products-cards">
      {products.map((product) => (
        <li key={product.id} className="min-w-0">
          <Card
            className="cursor-pointer gap-3 py-4"
            onClick={() => onOpen(product)}
            data-testid="product-card"
          >
            <CardContent className="flex min-w-0 gap-3 px-4">
              <ProductThumbnail url={product.thumbnail_url} alt="" className="size-16" />
              <div className="grid min-w-0 flex-1 content-start gap-1">
                <div className="flex min-w-0 items-start justify-between gap-2">
                  <ProductTitleLink product={product} className="flex-1" />
                  <StatusBadge status={product.status} />
                </div>
                <p className="line-clamp-2 text-xs wrap-anywhere text-muted-foreground">
                  {product.description || t('products.list.noDescription')}
                </p>
              </div>
            </CardContent>
            <CardContent className="px-4">
              <dl className="grid grid-cols-2 gap-x-3 gap-y-2 min-[400px]:grid-cols-4">
                <Figure
                  label={t('products.list.priceUsd')}
                  value={formatMoney(product.price, 'USD', language)}
                  testId="product-price"
                />
                <Figure
                  label={t('products.list.revenueKrw')}
                  value={formatKrwAmount(product.revenue, language)}
                  testId="product-revenue"
                />
                <Figure
                  label={t('products.list.sales')}
                  value={formatCount(product.sales_count)}
                  testId="product-sales"
                />
                <Figure
                  label={t('products.list.views')}
                  value={formatCount(product.view_count)}
                  testId="product-views"
                />
              </dl>
            </CardContent>
            <div className="flex min-w-0 items-center justify-between gap-2 px-4">
              <span className="truncate text-xs text-muted-foreground">
                {t('products.list.fileCount', { count: product.file_count })} ·{' '}
                {formatRelativeTime(product.created_at, language)}
              </span>
              <ProductActions product={product} onDelete={() => onDelete(product)} />
            </div>
          </Card>
        </li>
      ))}
    </ul>
  );
}
