import { ArrowLeftIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { PageHeader } from '@/components/layouts/page-header';
import { ErrorAlert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { useProduct } from '@/features/products/api/get-product';
import {
  DeletedProductNotice,
  EditProductForm,
} from '@/features/products/components/edit-product-form';
import { errorMessage } from '@/lib/error-messages';

export function ProductEditRoute() {
  const { t } = useTranslation();
  const { productId = '' } = useParams();
  const query = useProduct(productId);
  return (
    <div className="mx-auto grid max-w-3xl gap-6">
      <Button variant="ghost" className="w-fit" asChild>
        <Link to={paths.productDetail.href(productId)}>
          <ArrowLeftIcon aria-hidden="true" />
          {t('products.edit.backToDetail')}
        </Link>
      </Button>
      <PageHeader title={t('products.edit.title')} subtitle={t('products.edit.subtitle')} />
      {query.isPending ? (
        <div className="grid gap-4" data-testid="product-skeleton">
          <Skeleton className="h-48 w-full" />
          <Skeleton className="h-32 w-full" />
        </div>
      ) : null}
      {query.isError ? (
        <ErrorAlert data-testid="product-error">
          {errorMessage(t, query.error, t('error.loadFailed'))}
        </ErrorAlert>
      ) : null}
      {query.data ? (
        query.data.product.status === 'deleted' ? (
          <DeletedProductNotice productId={productId} />
        ) : (
          <EditProductForm key={productId} detail={query.data} />
        )
      ) : null}
    </div>
  );
}
