import { zodResolver } from '@hookform/resolvers/zod';
import { limits } from '@seller/contract/limits';
import type { ProductDetail } from '@seller/contract/products/product';
import { sellerStatusField } from '@seller/contract/products/product';
import {
  maxNewFiles,
  maxNewThumbnails,
  remainingCount,
} from '@seller/contract/products/update-product';
import { AlertCircleIcon, Trash2Icon, XIcon } from 'lucide-react';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { z } from 'zod';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField, fieldAria } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { RadioGroup, RadioGroupItem } from '@/components/ui/radio-group';
import { Textarea } from '@/components/ui/textarea';
import { paths } from '@/config/paths';
import { formatFileSize, formatMoney } from '@/lib/format';
import { cn } from '@/lib/utils';
import { useDeleteProduct } from '../api/delete-product';
import { useUpdateProduct } from '../api/update-product';
import { errorText, isCancelled, productFieldError, uploadErrorText } from '../lib/messages';
import { useDropzoneUploads } from '../lib/use-upload-queue';
import { ConfirmDialog } from './confirm-dialog';
import { type FormNotice, FormNoticeAlert } from './form-notice';
import { PendingUploadList } from './pending-upload-list';
import { fileTypeIcon } from './product-files';
import { orderThumbnails } from './thumbnail-carousel';
import { UploadDropzone } from './upload-dropzone';
import { UploadNotices } from './upload-notices';

const basicFields = z.object({
  title: z.string().trim().min(1, 'titleRequired').max(limits.title.max, 'titleTooLong'),
  description: z.string().trim().max(limits.description.max, 'descriptionTooLong'),
  status: sellerStatusField,
});
type BasicInput = z.input<typeof basicFields>;
type BasicOutput = z.output<typeof basicFields>;
type Phase = 'idle' | 'uploading' | 'saving' | 'deleting' | 'done';
type PendingRemoval = { kind: 'file' | 'thumbnail'; id: string; name: string };

/** /products/{productId}/edit for a product that is not deleted. */
export function EditProductForm({ detail }: { detail: ProductDetail }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const { product } = detail;
  const files = useDropzoneUploads('file');
  const thumbnails = useDropzoneUploads('image');
  const update = useUpdateProduct();
  const remove = useDeleteProduct();
  const [phase, setPhase] = useState<Phase>('idle');
  const [notice, setNotice] = useState<FormNotice | null>(null);
  const [removedFiles, setRemovedFiles] = useState<string[]>([]);
  const [removedThumbnails, setRemovedThumbnails] = useState<string[]>([]);
  const [confirmRemoval, setConfirmRemoval] = useState<PendingRemoval | null>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [listErrors, setListErrors] = useState<{ files?: string; thumbnails?: string }>({});
  const form = useForm<BasicInput, unknown, BasicOutput>({
    resolver: zodResolver(basicFields),
    defaultValues: {
      title: product.title,
      description: product.description,
      status: product.status === 'inactive' ? 'inactive' : 'active',
    },
  });
  const { register, handleSubmit, control, formState, clearErrors } = form;
  const busy = phase !== 'idle';

  const keptFiles = detail.files.filter((file) => !removedFiles.includes(file.id));
  const keptThumbnails = orderThumbnails(detail.thumbnails).filter(
    (thumbnail) => !removedThumbnails.includes(thumbnail.id),
  );
  const fileRoom = maxNewFiles(detail.files.length, removedFiles.length) - files.items.length;
  const thumbnailRoom =
    maxNewThumbnails(detail.thumbnails.length, removedThumbnails.length) - thumbnails.items.length;

  const checkLists = () => {
    const fileCount = remainingCount(detail.files.length, removedFiles.length, files.items.length);
    const thumbnailCount = remainingCount(
      detail.thumbnails.length,
      removedThumbnails.length,
      thumbnails.items.length,
    );
    const errors = {
      files: fileCount < 1 ? 'fileRequired' : undefined,
      thumbnails: thumbnailCount < 1 ? 'minimumThumbnailRequired' : undefined,
    };
    setListErrors(errors);
    return !errors.files && !errors.thumbnails;
  };

  const onSubmit = handleSubmit(
    async (values) => {
      setNotice(null);
      if (!checkLists()) return;
      setPhase('uploading');
      let newFiles: Awaited<ReturnType<typeof files.uploadAll>>;
      let newThumbnails: Awaited<ReturnType<typeof thumbnails.uploadAll>>;
      try {
        newFiles = await files.uploadAll();
        newThumbnails = await thumbnails.uploadAll();
      } catch (error) {
        setPhase('idle');
        setNotice({
          kind: 'error',
          text: isCancelled(error) ? t('products.upload.cancelled') : uploadErrorText(t, error, ''),
        });
        return;
      }
      setPhase('saving');
      try {
        await update.mutateAsync({
          productId: product.id,
          body: {
            title: values.title,
            description: values.description,
            // A product under review keeps its status until an operator approves it.
            ...(product.status === 'pending' ? {} : { status: values.status }),
            newFiles: newFiles.map((file) => ({ s3Key: file.s3Key })),
            deletedFileIds: removedFiles,
            newThumbnails: newThumbnails.map((image) => ({ s3Key: image.s3Key })),
            deletedThumbnailIds: removedThumbnails,
          },
        });
        setPhase('done');
        setNotice({ kind: 'success', text: t('products.edit.success') });
        setTimeout(
          () => navigate(paths.productDetail.href(product.id)),
          limits.redirectAfterSaveMs,
        );
      } catch (error) {
        setPhase('idle');
        setNotice({ kind: 'error', text: errorText(error, t('products.edit.updateFailed')) });
      }
    },
    () => checkLists(),
  );

  const stageRemoval = () => {
    const removal = confirmRemoval;
    setConfirmRemoval(null);
    if (!removal) return;
    if (removal.kind === 'file') setRemovedFiles((ids) => [...ids, removal.id]);
    else setRemovedThumbnails((ids) => [...ids, removal.id]);
    setListErrors({});
  };

  const deleteProduct = async () => {
    setConfirmDelete(false);
    setNotice(null);
    setPhase('deleting');
    try {
      await remove.mutateAsync(product.id);
      navigate(paths.products.href());
    } catch (error) {
      setPhase('idle');
      setNotice({ kind: 'error', text: errorText(error, t('products.edit.deleteFailed')) });
    }
  };

  const titleError = productFieldError(t, formState.errors.title?.message);
  const descriptionError = productFieldError(t, formState.errors.description?.message);
  const lastThumbnail = keptThumbnails.length + thumbnails.items.length <= 1;

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-6" data-testid="edit-product-form">
      <FormNoticeAlert notice={notice} />
      <Card>
        <CardHeader>
          <CardTitle>{t('products.edit.basicInfo')}</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-5">
          <FormField id="product-title" label={t('products.form.title')} error={titleError}>
            <Input
              {...fieldAria('product-title', titleError)}
              maxLength={limits.title.max}
              disabled={busy}
              {...register('title', { onChange: () => clearErrors('title') })}
            />
          </FormField>
          <FormField
            id="product-description"
            label={t('products.form.description')}
            error={descriptionError}
          >
            <Textarea
              {...fieldAria('product-description', descriptionError)}
              rows={5}
              disabled={busy}
              {...register('description')}
            />
          </FormField>
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
                  {(['active', 'inactive'] as const).map((status) => (
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
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>{t('products.edit.thumbnails')}</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-4">
          <div className="grid gap-2">
            <h3 className="text-sm font-medium">{t('products.edit.currentThumbnails')}</h3>
            <ul className="flex flex-wrap gap-3" data-testid="existing-thumbnails">
              {keptThumbnails.map((thumbnail) => (
                <li key={thumbnail.id} className="relative" data-testid="existing-thumbnail">
                  <img
                    src={thumbnail.s3_url}
                    alt={thumbnail.image_original_name}
                    className="size-24 rounded-md border object-cover"
                  />
                  <Button
                    type="button"
                    variant="destructive"
                    size="icon"
                    className="absolute -top-2 -right-2 size-7 rounded-full"
                    aria-label={t('products.form.remove', { name: thumbnail.image_original_name })}
                    title={lastThumbnail ? t('products.edit.lastThumbnail') : undefined}
                    disabled={busy || lastThumbnail}
                    onClick={() =>
                      setConfirmRemoval({
                        kind: 'thumbnail',
                        id: thumbnail.id,
                        name: thumbnail.image_original_name,
                      })
                    }
                    data-testid="remove-thumbnail"
                  >
                    <XIcon aria-hidden="true" />
                  </Button>
                </li>
              ))}
            </ul>
            {lastThumbnail ? (
              <p className="text-xs text-muted-foreground">{t('products.edit.lastThumbnail')}</p>
            ) : null}
          </div>
          <div className="grid gap-2">
            <h3 className="text-sm font-medium">{t('products.edit.addThumbnails')}</h3>
            <UploadDropzone
              kind="image"
              room={thumbnailRoom}
              disabled={busy}
              onAccepted={(accepted) => {
                thumbnails.add(accepted);
                setListErrors((current) => ({ ...current, thumbnails: undefined }));
              }}
              testId="thumbnail-dropzone"
            />
            <PendingUploadList
              items={thumbnails.items}
              kind="image"
              onRemove={thumbnails.remove}
              disabled={busy}
              testId="pending-thumbnails"
            />
            {listErrors.thumbnails ? (
              <p className="text-sm text-destructive" role="alert">
                {productFieldError(t, listErrors.thumbnails)}
              </p>
            ) : null}
          </div>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>{t('products.edit.files')}</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-4">
          <div className="grid gap-2">
            <h3 className="text-sm font-medium">{t('products.edit.currentFiles')}</h3>
            <ul className="grid gap-2" data-testid="existing-files">
              {keptFiles.map((file) => {
                const Icon = fileTypeIcon(file.file_extension);
                return (
                  <li
                    key={file.id}
                    className="flex items-center gap-3 rounded-md border px-3 py-2"
                    data-testid="existing-file"
                  >
                    <Icon className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
                    <div className="grid min-w-0 flex-1">
                      <span className="truncate text-sm font-medium">
                        {file.file_original_name}
                      </span>
                      <span className="text-xs text-muted-foreground">
                        {formatFileSize(file.file_size)}
                      </span>
                    </div>
                    <Button
                      type="button"
                      variant="ghost"
                      size="icon"
                      className="size-8 text-destructive hover:text-destructive"
                      aria-label={t('products.form.remove', { name: file.file_original_name })}
                      disabled={busy}
                      onClick={() =>
                        setConfirmRemoval({
                          kind: 'file',
                          id: file.id,
                          name: file.file_original_name,
                        })
                      }
                      data-testid="remove-file"
                    >
                      <Trash2Icon aria-hidden="true" />
                    </Button>
                  </li>
                );
              })}
            </ul>
          </div>
          <div className="grid gap-2">
            <h3 className="text-sm font-medium">{t('products.edit.addFiles')}</h3>
            <UploadDropzone
              kind="file"
              room={fileRoom}
              disabled={busy}
              onAccepted={(accepted) => {
                files.add(accepted);
                setListErrors((current) => ({ ...current, files: undefined }));
              }}
              testId="file-dropzone"
            />
            <PendingUploadList
              items={files.items}
              kind="file"
              onRemove={files.remove}
              disabled={busy}
              testId="pending-files"
            />
            {listErrors.files ? (
              <p className="text-sm text-destructive" role="alert">
                {productFieldError(t, listErrors.files)}
              </p>
            ) : null}
            <UploadNotices items={files.items} />
          </div>
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
          <div className="flex gap-2">
            {phase === 'uploading' ? (
              <Button
                type="button"
                variant="outline"
                onClick={() => {
                  files.cancel();
                  thumbnails.cancel();
                }}
                data-testid="cancel-upload"
              >
                {t('products.form.cancelUpload')}
              </Button>
            ) : (
              <Button
                type="button"
                variant="outline"
                disabled={busy}
                onClick={() => navigate(paths.productDetail.href(product.id))}
              >
                {t('common.cancel')}
              </Button>
            )}
            <Button type="submit" disabled={busy} data-testid="submit-product">
              {phase === 'uploading'
                ? t('products.form.uploading')
                : phase === 'saving'
                  ? t('products.form.saving')
                  : t('products.edit.submit')}
            </Button>
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
    </form>
  );
}

/** The edit page's states: loading is handled by the route; deleted products show a message. */
export function DeletedProductNotice({ productId }: { productId: string }) {
  const { t } = useTranslation();
  return (
    <div className="grid gap-4">
      <Alert variant="destructive" data-testid="deleted-cannot-edit">
        <AlertCircleIcon aria-hidden="true" />
        <AlertDescription>{t('products.edit.deletedCannotEdit')}</AlertDescription>
      </Alert>
      <Button variant="outline" className={cn('w-fit')} asChild>
        <Link to={paths.productDetail.href(productId)}>{t('products.edit.backToDetail')}</Link>
      </Button>
    </div>
  );
}
