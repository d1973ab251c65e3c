import type { ProductFile } from '@seller/contract/products/product';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { FormField, fieldAria } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { errorMessage } from '@/lib/error-messages';
import { useUpdateProductFile } from '../api/update-product-file';
import { isPdf } from '../lib/sample-rules';

const maxSamplePages = 20;

/**
 * One file's samples in the public catalog: the whole file given away, or (a PDF) its first
 * pages as a PDF of their own. Neither counts a download.
 */
export function FileSamples({
  productId,
  file,
  disabled,
}: {
  productId: string;
  file: ProductFile;
  disabled: boolean;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [pages, setPages] = useState(String(file.sample_pages));
  const [error, setError] = useState<string | undefined>();
  const update = useUpdateProductFile({
    onSuccess: () => toast.success(t('products.samples.saved')),
  });
  const pdf = isPdf(file);

  const save = async (body: { is_sample?: boolean; sample_pages?: number }) => {
    setError(undefined);
    try {
      await update.mutateAsync({ productId, fileId: file.id, body });
    } catch (failure) {
      setError(errorMessage(t, failure, t('products.samples.saveFailed')));
    }
  };

  const onSavePages = (event: React.FormEvent) => {
    event.preventDefault();
    const count = Number(pages);
    if (!Number.isInteger(count) || count < 0 || count > maxSamplePages) {
      setError(t('products.samples.pagesRange', { max: maxSamplePages }));
      return;
    }
    void save({ sample_pages: count });
  };

  return (
    <div className="grid gap-3" data-testid="file-samples">
      <div className="flex items-start gap-2">
        <Checkbox
          id={`${id}-whole`}
          checked={file.is_sample}
          disabled={disabled || update.isPending}
          onCheckedChange={(checked) => void save({ is_sample: checked === true })}
          data-testid="sample-whole"
        />
        <div className="grid gap-0.5">
          <Label htmlFor={`${id}-whole`}>{t('products.samples.whole')}</Label>
          <p className="text-xs text-muted-foreground">{t('products.samples.wholeHint')}</p>
        </div>
      </div>
      {pdf ? (
        <form className="flex flex-wrap items-end gap-2" onSubmit={onSavePages} noValidate>
          <FormField
            id={`${id}-pages`}
            label={t('products.samples.pages')}
            hint={t('products.samples.pagesHint', { max: maxSamplePages })}
            className="min-w-0 flex-1"
          >
            <Input
              type="number"
              inputMode="numeric"
              min={0}
              max={maxSamplePages}
              value={pages}
              disabled={disabled || update.isPending}
              onChange={(event) => setPages(event.target.value)}
              className="w-24"
              {...fieldAria(`${id}-pages`, undefined, true)}
              data-testid="sample-pages"
            />
          </FormField>
          <Button
            type="submit"
            variant="outline"
            size="sm"
            disabled={disabled || update.isPending || pages === String(file.sample_pages)}
            data-testid="save-sample-pages"
          >
            {t('products.samples.save')}
          </Button>
        </form>
      ) : null}
      {error ? (
        <p className="text-sm text-destructive" role="alert" data-testid="samples-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
