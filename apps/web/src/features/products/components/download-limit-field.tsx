import { sanitizeDownloadLimitInput } from '@seller/contract/products/product-fields';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormField, fieldAria } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { productFieldError } from '../lib/product-messages';

type LimitField = 'download_limit';

interface DownloadLimitForm {
  register: (name: LimitField, options?: { onChange?: () => void }) => UseFormRegisterReturn;
  clearErrors: (name: LimitField) => void;
  setValue: (name: LimitField, value: string) => void;
  formState: { errors: Partial<Record<LimitField, { message?: string }>> };
}

/**
 * How many times a buyer may download each file of the product, typed as digits (0 to 100,
 * 0 = unlimited; the contract's `downloadLimitInputSchema` checks it). `hint` says what the
 * number means on this form.
 */
export function DownloadLimitField({
  form,
  disabled,
  hint,
}: {
  form: DownloadLimitForm;
  disabled: boolean;
  hint: string;
}) {
  const { t } = useTranslation();
  const { register, clearErrors, setValue, formState } = form;
  const error = productFieldError(t, formState.errors.download_limit?.message);
  const field = register('download_limit', { onChange: () => clearErrors('download_limit') });
  return (
    <FormField
      id="product-download-limit"
      label={t('products.form.downloadLimit')}
      hint={hint}
      error={error}
    >
      <Input
        {...fieldAria('product-download-limit', error, true)}
        inputMode="numeric"
        autoComplete="off"
        maxLength={3}
        disabled={disabled}
        data-testid="download-limit"
        {...field}
        onChange={(event) => {
          const clean = sanitizeDownloadLimitInput(event.target.value);
          event.target.value = clean;
          setValue('download_limit', clean);
          return field.onChange(event);
        }}
      />
    </FormField>
  );
}
