import type { Product } from '@seller/contract/products/product';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Checkbox } from '@/components/ui/checkbox';
import { Label } from '@/components/ui/label';
import { errorMessage } from '@/lib/error-messages';
import { useUpdateProduct } from '../api/update-product';

/**
 * Stamping: every delivered PDF carries the buyer's email and order id on each page. Turned
 * on or off at once through the product's update.
 */
export function PdfStampSetting({ product, disabled }: { product: Product; disabled: boolean }) {
  const { t } = useTranslation();
  const id = useId();
  const [error, setError] = useState<string | null>(null);
  const update = useUpdateProduct({
    onSuccess: (detail) =>
      toast.success(
        detail.product.pdf_stamp ? t('products.stamp.turnedOn') : t('products.stamp.turnedOff'),
      ),
  });

  const onChange = async (checked: boolean) => {
    setError(null);
    try {
      await update.mutateAsync({
        productId: product.id,
        body: { title: product.title, pdf_stamp: checked },
      });
    } catch (failure) {
      setError(errorMessage(t, failure, t('products.stamp.saveFailed')));
    }
  };

  return (
    <div className="grid gap-2" data-testid="pdf-stamp-setting">
      <div className="flex items-start gap-2">
        <Checkbox
          id={id}
          checked={product.pdf_stamp}
          disabled={disabled || update.isPending}
          onCheckedChange={(checked) => void onChange(checked === true)}
          data-testid="pdf-stamp"
        />
        <div className="grid gap-0.5">
          <Label htmlFor={id}>{t('products.stamp.label')}</Label>
          <p className="text-xs text-muted-foreground">{t('products.stamp.description')}</p>
        </div>
      </div>
      {error ? (
        <p className="text-sm text-destructive" role="alert" data-testid="pdf-stamp-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
