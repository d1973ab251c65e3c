import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/layouts/page-header';
import { CreateProductForm } from '@/features/products/components/create-product-form';

export function ProductCreateRoute() {
  const { t } = useTranslation();
  return (
    <div className="mx-auto grid max-w-3xl gap-6">
      <PageHeader title={t('products.create.title')} subtitle={t('products.create.subtitle')} />
      <CreateProductForm />
    </div>
  );
}
