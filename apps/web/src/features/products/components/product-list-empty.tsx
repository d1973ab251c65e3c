import { PackageIcon, PlusIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { paths } from '@/config/paths';

/** A seller without any product yet: what the list is for, and the way to create one. */
export function ProductListEmpty() {
  const { t } = useTranslation();
  return (
    <Card className="items-center py-12 text-center" data-testid="products-empty">
      <PackageIcon className="size-10 text-muted-foreground" aria-hidden="true" />
      <div className="grid gap-1 px-6">
        <h2 className="text-lg font-semibold">{t('products.list.emptyTitle')}</h2>
        <p className="text-sm text-muted-foreground">{t('products.list.emptyDescription')}</p>
      </div>
      <Button asChild>
        <Link to={paths.productCreate.href()}>
          <PlusIcon aria-hidden="true" />
          {t('products.list.create')}
        </Link>
      </Button>
    </Card>
  );
}
