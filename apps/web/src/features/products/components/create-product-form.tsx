import { zodResolver } from '@hookform/resolvers/zod';
import { limits } from '@seller/contract/limits';
import { createProductFormSchema } from '@seller/contract/products/create-product';
import { sanitizePriceInput } from '@seller/contract/products/product';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField, fieldAria } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { paths } from '@/config/paths';
import { useCreateProduct } from '../api/create-product';
import { useExchangeRate } from '../api/get-exchange-rate';
import { errorText, isCancelled, productFieldError, uploadErrorText } from '../lib/messages';
import { useDropzoneUploads } from '../lib/use-upload-queue';
import { type FormNotice, FormNoticeAlert } from './form-notice';
import { PendingUploadList } from './pending-upload-list';
import { PricePreview } from './price-preview';
import { UploadDropzone } from './upload-dropzone';
import { UploadNotices } from './upload-notices';

const textFields = createProductFormSchema(z.unknown()).pick({
  title: true,
  description: true,
  price: true,
});
type TextFieldsInput = z.input<typeof textFields>;
type TextFieldsOutput = z.output<typeof textFields>;
type Phase = 'idle' | 'uploading' | 'saving' | 'done';

/** /products/create: details, price preview, thumbnails and files, then the save flow. */
export function CreateProductForm() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const files = useDropzoneUploads('file');
  const thumbnails = useDropzoneUploads('image');
  const rate = useExchangeRate();
  const create = useCreateProduct();
  const [phase, setPhase] = useState<Phase>('idle');
  const [notice, setNotice] = useState<FormNotice | null>(null);
  const [listErrors, setListErrors] = useState<{ files?: string; thumbnails?: string }>({});

  const form = useForm<TextFieldsInput, unknown, TextFieldsOutput>({
    resolver: zodResolver(textFields),
    defaultValues: { title: '', description: '', price: '' },
  });
  const { register, handleSubmit, control, formState, clearErrors, setValue } = form;
  const price = useWatch({ control, name: 'price' });

  const busy = phase !== 'idle';
  const checkLists = () => {
    const errors = {
      files: files.items.length === 0 ? 'fileRequired' : undefined,
      thumbnails: thumbnails.items.length === 0 ? 'thumbnailRequired' : undefined,
    };
    setListErrors(errors);
    return !errors.files && !errors.thumbnails;
  };

  const onSubmit = handleSubmit(
    async (values) => {
      setNotice(null);
      if (!checkLists()) return;
      setPhase('uploading');
      let uploadedFiles: Awaited<ReturnType<typeof files.uploadAll>>;
      let uploadedThumbnails: Awaited<ReturnType<typeof thumbnails.uploadAll>>;
      try {
        uploadedFiles = await files.uploadAll();
        uploadedThumbnails = await thumbnails.uploadAll();
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
        await create.mutateAsync({
          title: values.title,
          description: values.description,
          price: Number(values.price),
          files: uploadedFiles.map((file) => ({ s3Key: file.s3Key })),
          thumbnails: uploadedThumbnails.map((image, index) => ({
            s3Key: image.s3Key,
            is_main: index === 0,
          })),
        });
        setPhase('done');
        setNotice({ kind: 'success', text: t('products.create.success') });
        setTimeout(() => navigate(paths.products.href()), limits.redirectAfterSaveMs);
      } catch (error) {
        setPhase('idle');
        setNotice({ kind: 'error', text: errorText(error, t('products.create.failed')) });
      }
    },
    () => checkLists(),
  );

  const titleError = productFieldError(t, formState.errors.title?.message);
  const descriptionError = productFieldError(t, formState.errors.description?.message);
  const priceError = productFieldError(t, formState.errors.price?.message);
  const priceField = register('price', { onChange: () => clearErrors('price') });
  const priceNumber = price ? Number(price) : null;

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-6" data-testid="create-product-form">
      <FormNoticeAlert notice={notice} />
      <Card>
        <CardHeader>
          <CardTitle>{t('products.edit.basicInfo')}</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-5">
          <FormField id="product-title" label={t('products.form.title')} error={titleError}>
            <Input
              {...fieldAria('product-title', titleError)}
              placeholder={t('products.form.titlePlaceholder')}
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
              placeholder={t('products.form.descriptionPlaceholder')}
              disabled={busy}
              {...register('description')}
            />
          </FormField>
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField
              id="product-price"
              label={t('products.form.price')}
              hint={t('products.form.priceHint')}
              error={priceError}
            >
              <Input
                {...fieldAria('product-price', priceError, true)}
                inputMode="numeric"
                autoComplete="off"
                placeholder={t('products.form.pricePlaceholder')}
                disabled={busy}
                {...priceField}
                onChange={(event) => {
                  const clean = sanitizePriceInput(event.target.value);
                  event.target.value = clean;
                  setValue('price', clean);
                  return priceField.onChange(event);
                }}
              />
            </FormField>
            <PricePreview price={priceNumber} rate={rate.data} />
          </div>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>{t('products.form.thumbnails')}</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-3">
          <UploadDropzone
            kind="image"
            room={limits.thumbnails.max - thumbnails.items.length}
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
            markFirstAsMain
          />
          {listErrors.thumbnails ? (
            <p className="text-sm text-destructive" role="alert">
              {productFieldError(t, listErrors.thumbnails)}
            </p>
          ) : null}
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>{t('products.form.files')}</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-3">
          <UploadDropzone
            kind="file"
            room={limits.productFiles.max - files.items.length}
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
        </CardContent>
        <CardFooter className="justify-end gap-2">
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
              onClick={() => navigate(paths.products.href())}
            >
              {t('common.cancel')}
            </Button>
          )}
          <Button type="submit" disabled={busy} data-testid="submit-product">
            {phase === 'uploading'
              ? t('products.form.uploading')
              : phase === 'saving'
                ? t('products.form.saving')
                : t('products.create.submit')}
          </Button>
        </CardFooter>
      </Card>
    </form>
  );
}
