import { useTranslation } from 'react-i18next';
import { CreateProductForm } from '@/features/products/components/create-product-form';

export function ProductCreateRoute() {
  const { t } = useTranslation();
  return (
    <div className="mx-auto grid max-w-3xl gap-6">
      <header className="grid gap-1">
        <h1 className="text-3xl font-bold tracking-tight">{t('products.create.title')}</h1>
        <p className="text-muted-foreground">{t('products.create.subtitle')}</p>
      </header>
      <CreateProductForm />
    </div>
  );
}
