import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormField, fieldAria } from '@/components/ui/form-field';
import { OneTimeCodeInput } from '@/components/ui/one-time-code-input';

/** The current code of the seller's authenticator app. */
export function TwoFactorCodeField({
  registration,
  error,
  hint,
  disabled,
}: {
  /** `register('code')` of the form's react-hook-form. */
  registration: UseFormRegisterReturn<'code'>;
  /** The translated error, if any. */
  error: string | undefined;
  hint?: string;
  disabled: boolean;
}) {
  const { t } = useTranslation();
  return (
    <FormField id="two-factor-code" label={t('profile.security.code')} hint={hint} error={error}>
      <OneTimeCodeInput
        {...fieldAria('two-factor-code', error, hint !== undefined)}
        className="max-w-48"
        disabled={disabled}
        {...registration}
      />
    </FormField>
  );
}
