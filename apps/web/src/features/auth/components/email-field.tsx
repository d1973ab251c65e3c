import type { ComponentPropsWithRef } from 'react';
import { useTranslation } from 'react-i18next';
import { FormField, fieldAria } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';

/** The email field of the login and signup forms. */
export function EmailField({
  registration,
  error,
  disabled,
}: {
  /**
   * What ties the input to its form: `register('email')` of a react-hook-form, or the value,
   * `onChange` and `ref` of a plain one.
   */
  registration: Pick<
    ComponentPropsWithRef<'input'>,
    'name' | 'value' | 'onChange' | 'onBlur' | 'ref'
  >;
  /** The translated error, if any. */
  error: string | undefined;
  disabled: boolean;
}) {
  const { t } = useTranslation();
  return (
    <FormField id="email" label={t('auth.email')} error={error}>
      <Input
        {...fieldAria('email', error)}
        type="email"
        autoComplete="email"
        inputMode="email"
        placeholder={t('auth.emailPlaceholder')}
        disabled={disabled}
        {...registration}
      />
    </FormField>
  );
}
