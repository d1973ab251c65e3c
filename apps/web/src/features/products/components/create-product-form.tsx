import { zodResolver } from '@hookform/resolvers/zod';
import { limits } from '@seller/contract/limits';
import { createProductFormSchemaFor } from '@seller/contract/products/create-product';
import { sanitizePriceInput } from '@seller/contract/products/product-fields';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import { Card, CardContent, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField, fieldAria } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { paths } from '@/config/paths';
import { useCreateProduct } from '../api/create-product';
import { useExchangeRate } from '../api/get-exchange-rate';
import { productFieldError } from '../lib/product-messages';
import { useProductSaveFlow } from '../lib/use-product-save-flow';
import { DownloadLimitField } from './download-limit-field';
import { NewUploads } from './new-uploads';
import { PricePreview } from './price-preview';
import { ProductBasicFields } from './product-basic-fields';
import { ProductFormFrame } from './product-form-frame';
import { SaveActions } from './save-actions';

const textFields = createProductFormSchemaFor(z.unknown()).pick({
  title: true,
  description: true,
  price: true,
  download_limit: true,
});
type TextFieldsInput = z.input<typeof textFields>;
type TextFieldsOutput = z.output<typeof textFields>;

/** /products/create: details, price preview, thumbnails and files, then the save flow. */
export function CreateProductForm() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const rate = useExchangeRate();
  const create = useCreateProduct();
  const flow = useProductSaveFlow({
    kept: { files: 0, thumbnails: 0 },
    thumbnailRequired: 'thumbnailRequired',
    successText: t('products.create.success'),
    failedText: t('products.create.failed'),
    redirectTo: paths.products.href(),
  });
  const { files, thumbnails, busy } = flow;

  const form = useForm<TextFieldsInput, unknown, TextFieldsOutput>({
    resolver: zodResolver(textFields),
    defaultValues: {
      title: '',
      description: '',
      price: '',
      download_limit: String(limits.downloadLimit.default),
    },
  });
  const { register, handleSubmit, control, formState, clearErrors, setValue } = form;
  const price = useWatch({ control, name: 'price' });

  const onSubmit = handleSubmit(
    (values) =>
      flow.save((uploaded) =>
        create.mutateAsync({
          title: values.title,
          description: values.description,
          price: Number(values.price),
          download_limit: Number(values.download_limit),
          files: uploaded.files.map((file) => ({ s3Key: file.s3Key })),
          thumbnails: uploaded.thumbnails.map((image, index) => ({
            s3Key: image.s3Key,
            is_main: index === 0,
          })),
        }),
      ),
    () => flow.checkLists(),
  );

  const priceError = productFieldError(t, formState.errors.price?.message);
  const priceField = register('price', { onChange: () => clearErrors('price') });
  const priceNumber = price ? Number(price) : null;

  return (
    <ProductFormFrame flow={flow} onSubmit={onSubmit} testId="create-product-form">
      <ProductBasicFields form={form} disabled={busy} withPlaceholders>
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
          <PricePreview price={priceNumber} rate={rate} />
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <DownloadLimitField
            form={form}
            disabled={busy}
            hint={t('products.form.downloadLimitHint')}
          />
        </div>
      </ProductBasicFields>

      <Card>
        <CardHeader>
          <CardTitle>{t('products.form.thumbnails')}</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-3">
          <NewUploads
            list="thumbnails"
            flow={flow}
            room={limits.thumbnails.max - thumbnails.items.length}
            markFirstAsMain
          />
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>{t('products.form.files')}</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-3">
          <NewUploads
            list="files"
            flow={flow}
            room={limits.productFiles.max - files.items.length}
          />
        </CardContent>
        <CardFooter className="flex-wrap justify-end gap-2">
          <SaveActions
            flow={flow}
            onCancel={() => navigate(paths.products.href())}
            submitLabel={t('products.create.submit')}
          />
        </CardFooter>
      </Card>
    </ProductFormFrame>
  );
}
