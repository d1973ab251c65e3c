import { zodResolver } from '@hookform/resolvers/zod';
import type { ProductDetail } from '@seller/contract/products/product';
import { sellerStatuses } from '@seller/contract/products/product-fields';
import {
  editProductFormSchema,
  maxNewFiles,
  maxNewThumbnails,
} from '@seller/contract/products/update-product';
import { Trash2Icon } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { z } from 'zod';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { ErrorAlert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField, fieldAria } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { RadioGroup, RadioGroupItem } from '@/components/ui/radio-group';
import { paths } from '@/config/paths';
import { cn } from '@/lib/class-names';
import { errorMessage } from '@/lib/error-messages';
import { formatMoney } from '@/lib/format';
import { useDeleteProduct } from '../api/delete-product';
import { useUpdateProduct } from '../api/update-product';
import { useProductSaveFlow } from '../lib/use-product-save-flow';
import { DownloadLimitField } from './download-limit-field';
import { ExistingFiles, ExistingThumbnails, type PendingRemoval } from './existing-uploads';
import { NewUploads } from './new-uploads';
import { ProductBasicFields } from './product-basic-fields';
import { ProductFormFrame } from './product-form-frame';
import { SampleWarning } from './sample-warning';
import { SaveActions } from './save-actions';
import { orderThumbnails } from './thumbnail-carousel';

/** The contract's rules for the fields typed on this form (files are checked by the flow). */
const editRules = editProductFormSchema(z.unknown(), { files: 0, thumbnails: 0 }).shape;
const basicFields = z.object({
  title: editRules.title,
  description: editRules.description,
  status: editRules.status,
  download_limit: editRules.download_limit,
});
type BasicInput = z.input<typeof basicFields>;
type BasicOutput = z.output<typeof basicFields>;

function Section({ heading, children }: { heading: string; children: ReactNode }) {
  return (
    <div className="grid gap-2">
      <h3 className="text-sm font-medium">{heading}</h3>
      {children}
    </div>
  );
}

/** /products/{productId}/edit for a product that is not deleted. */
export function EditProductForm({ detail }: { detail: ProductDetail }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const { product } = detail;
  const update = useUpdateProduct();
  const remove = useDeleteProduct();
  const [removedFiles, setRemovedFiles] = useState<string[]>([]);
  const [removedThumbnails, setRemovedThumbnails] = useState<string[]>([]);
  const [confirmRemoval, setConfirmRemoval] = useState<PendingRemoval | null>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);

  const keptFiles = detail.files.filter((file) => !removedFiles.includes(file.id));
  const keptThumbnails = orderThumbnails(detail.thumbnails).filter(
    (thumbnail) => !removedThumbnails.includes(thumbnail.id),
  );
  const flow = useProductSaveFlow({
    kept: { files: keptFiles.length, thumbnails: keptThumbnails.length },
    thumbnailRequired: 'minimumThumbnailRequired',
    successText: t('products.edit.success'),
    failedText: t('products.edit.updateFailed'),
    redirectTo: paths.productDetail.href(product.id),
  });
  const { files, thumbnails, busy } = flow;
  const form = useForm<BasicInput, unknown, BasicOutput>({
    resolver: zodResolver(basicFields),
    defaultValues: {
      title: product.title,
      description: product.description,
      status: product.status === 'inactive' ? 'inactive' : 'active',
      download_limit: String(product.download_limit),
    },
  });
  const { handleSubmit, control } = form;

  const fileRoom = maxNewFiles(detail.files.length, removedFiles.length) - files.items.length;
  const thumbnailRoom =
    maxNewThumbnails(detail.thumbnails.length, removedThumbnails.length) - thumbnails.items.length;

  const onSubmit = handleSubmit(
    (values) =>
      flow.save((uploaded) =>
        update.mutateAsync({
          productId: product.id,
          body: {
            title: values.title,
            description: values.description,
            // A product under review keeps its status until an operator approves it.
            ...(product.status === 'pending' ? {} : { status: values.status }),
            // Sent only when changed: a new limit applies to every earlier sale too.
            ...(Number(values.download_limit) === product.download_limit
              ? {}
              : { download_limit: Number(values.download_limit) }),
            newFiles: uploaded.files.map((file) => ({ s3Key: file.s3Key })),
            deletedFileIds: removedFiles,
            newThumbnails: uploaded.thumbnails.map((image) => ({ s3Key: image.s3Key })),
            deletedThumbnailIds: removedThumbnails,
          },
        }),
      ),
    () => flow.checkLists(),
  );

  const stageRemoval = () => {
    const removal = confirmRemoval;
    setConfirmRemoval(null);
    if (!removal) return;
    if (removal.kind === 'file') setRemovedFiles((ids) => [...ids, removal.id]);
    else setRemovedThumbnails((ids) => [...ids, removal.id]);
    flow.clearListErrors();
  };

  const deleteProduct = async () => {
    setConfirmDelete(false);
    flow.setNotice(null);
    flow.setPhase('deleting');
    try {
      await remove.mutateAsync(product.id);
      navigate(paths.products.href());
      toast.success(t('products.list.deleteSuccess'));
    } catch (error) {
      flow.setPhase('idle');
      flow.setNotice({
        kind: 'error',
        text: errorMessage(t, error, t('products.edit.deleteFailed')),
      });
    }
  };

  const lastThumbnail = keptThumbnails.length + thumbnails.items.length <= 1;

  return (
    <ProductFormFrame flow={flow} onSubmit={onSubmit} testId="edit-product-form">
      <ProductBasicFields form={form} disabled={busy}>
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField
            id="product-price"
            label={t('products.form.price')}
            hint={t('products.edit.priceNote')}
          >
            <Input
              {...fieldAria('product-price', undefined, true)}
              value={formatMoney(product.price, 'USD', i18n.resolvedLanguage)}
              readOnly
              disabled
            />
          </FormField>
          <DownloadLimitField
            form={form}
            disabled={busy}
            hint={t('products.edit.downloadLimitHint')}
          />
        </div>
        <fieldset className="grid gap-3">
          <legend className="mb-2 text-sm font-medium">{t('products.edit.status')}</legend>
          <Controller
            control={control}
            name="status"
            render={({ field }) => (
              <RadioGroup
                value={field.value}
                onValueChange={field.onChange}
                disabled={busy || product.status === 'pending'}
                aria-label={t('products.edit.status')}
                data-testid="status-radio"
              >
                {sellerStatuses.map((status) => (
                  <div key={status} className="flex items-start gap-3">
                    <RadioGroupItem
                      value={status}
                      id={`status-${status}`}
                      className="mt-0.5"
                      data-testid={`status-${status}`}
                    />
                    <Label htmlFor={`status-${status}`} className="grid gap-0.5">
                      <span>{t(`products.status.${status}`)}</span>
                      <span className="text-xs font-normal text-muted-foreground">
                        {t(`products.edit.${status}Help`)}
                      </span>
                    </Label>
                  </div>
                ))}
              </RadioGroup>
            )}
          />
        </fieldset>
      </ProductBasicFields>

      <Card>
        <CardHeader>
          <CardTitle>{t('products.edit.thumbnails')}</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-4">
          <Section heading={t('products.edit.currentThumbnails')}>
            <ExistingThumbnails
              thumbnails={keptThumbnails}
              last={lastThumbnail}
              disabled={busy}
              onRemove={setConfirmRemoval}
            />
          </Section>
          <Section heading={t('products.edit.addThumbnails')}>
            <NewUploads list="thumbnails" flow={flow} room={thumbnailRoom} />
          </Section>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>{t('products.edit.files')}</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-4">
          <SampleWarning files={keptFiles} />
          <Section heading={t('products.edit.currentFiles')}>
            <ExistingFiles files={keptFiles} disabled={busy} onRemove={setConfirmRemoval} />
          </Section>
          <Section heading={t('products.edit.addFiles')}>
            <NewUploads list="files" flow={flow} room={fileRoom} />
          </Section>
        </CardContent>
        <CardFooter className="flex-wrap justify-between gap-2">
          <Button
            type="button"
            variant="destructive"
            disabled={busy}
            onClick={() => setConfirmDelete(true)}
            data-testid="delete-product"
          >
            <Trash2Icon aria-hidden="true" />
            {t('products.edit.deleteProduct')}
          </Button>
          <div className="ml-auto flex flex-wrap justify-end gap-2">
            <SaveActions
              flow={flow}
              onCancel={() => navigate(paths.productDetail.href(product.id))}
              submitLabel={t('products.edit.submit')}
            />
          </div>
        </CardFooter>
      </Card>

      <ConfirmDialog
        open={confirmRemoval !== null}
        onOpenChange={(open) => {
          if (!open) setConfirmRemoval(null);
        }}
        title={t('products.edit.removeTitle')}
        description={t('products.edit.removeDescription', { name: confirmRemoval?.name ?? '' })}
        confirmLabel={t('products.edit.removeConfirm')}
        onConfirm={stageRemoval}
      />
      <ConfirmDialog
        open={confirmDelete}
        onOpenChange={setConfirmDelete}
        title={t('products.edit.deleteTitle')}
        description={t('products.edit.deleteDescription', { title: product.title })}
        confirmLabel={t('products.edit.deleteConfirm')}
        onConfirm={deleteProduct}
      />
    </ProductFormFrame>
  );
}

/** The edit page's states: loading is handled by the route; deleted products show a message. */
export function DeletedProductNotice({ productId }: { productId: string }) {
  const { t } = useTranslation();
  return (
    <div className="grid gap-4">
      <ErrorAlert data-testid="deleted-cannot-edit">
        {t('products.edit.deletedCannotEdit')}
      </ErrorAlert>
      <Button variant="outline" className={cn('w-fit')} asChild>
        <Link to={paths.productDetail.href(productId)}>{t('products.edit.backToDetail')}</Link>
      </Button>
    </div>
  );
}
