import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import type { ProductSaveFlow } from '../lib/use-product-save-flow';

/** 'Cancel upload' while uploading, otherwise 'Cancel'; then the submit button. */
export function SaveActions({
  flow,
  onCancel,
  submitLabel,
}: {
  flow: ProductSaveFlow;
  onCancel: () => void;
  submitLabel: string;
}) {
  const { t } = useTranslation();
  const { phase, busy } = flow;
  return (
    <>
      {phase === 'uploading' ? (
        <Button
          type="button"
          variant="outline"
          onClick={flow.cancelUploads}
          data-testid="cancel-upload"
        >
          {t('products.form.cancelUpload')}
        </Button>
      ) : (
        <Button type="button" variant="outline" disabled={busy} onClick={onCancel}>
          {t('common.cancel')}
        </Button>
      )}
      <Button type="submit" disabled={busy} data-testid="submit-product">
        {phase === 'uploading'
          ? t('products.form.uploading')
          : phase === 'saving'
            ? t('products.form.saving')
            : submitLabel}
      </Button>
    </>
  );
}
