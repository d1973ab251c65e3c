import { limits } from '@seller/contract/limits';
import type { ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField, fieldAria } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { productFieldError } from '../lib/product-messages';

type BasicField = 'title' | 'description';

interface BasicFieldsForm {
  register: (name: BasicField, options?: { onChange?: () => void }) => UseFormRegisterReturn;
  clearErrors: (name: BasicField) => void;
  formState: { errors: Partial<Record<BasicField, { message?: string }>> };
}

/**
 * The 'basic info' card of the create and edit forms: title and description, then the
 * form's own fields (the price, the status) as `children`.
 */
export function ProductBasicFields({
  form,
  disabled,
  withPlaceholders = false,
  children,
}: {
  /** The part of the form (react-hook-form) these two fields use. */
  form: BasicFieldsForm;
  disabled: boolean;
  withPlaceholders?: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const { register, clearErrors, formState } = form;
  const titleError = productFieldError(t, formState.errors.title?.message);
  const descriptionError = productFieldError(t, formState.errors.description?.message);
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('products.edit.basicInfo')}</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-5">
        <FormField id="product-title" label={t('products.form.title')} error={titleError}>
          <Input
            {...fieldAria('product-title', titleError)}
            placeholder={withPlaceholders ? t('products.form.titlePlaceholder') : undefined}
            maxLength={limits.title.max}
            disabled={disabled}
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
            placeholder={withPlaceholders ? t('products.form.descriptionPlaceholder') : undefined}
            disabled={disabled}
            {...register('description')}
          />
        </FormField>
        {children}
      </CardContent>
    </Card>
  );
}
