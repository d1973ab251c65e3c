import { SearchXIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Card } from '@/components/ui/card';

/** No product matches the search (named) or the status filter. */
export function ProductSearchEmpty({ query }: { query: string }) {
  const { t } = useTranslation();
  return (
    <Card className="items-center py-12 text-center" data-testid="products-no-results">
      <SearchXIcon className="size-10 text-muted-foreground" aria-hidden="true" />
      <div className="grid gap-1 px-6">
        <h2 className="text-lg font-semibold">{t('products.list.noResultsTitle')}</h2>
        <p className="text-sm wrap-anywhere text-muted-foreground">
          {query
            ? t('products.list.noResultsDescription', { query })
            : t('products.list.noStatusResults')}
        </p>
      </div>
    </Card>
  );
}
