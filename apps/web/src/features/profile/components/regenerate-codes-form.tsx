import { zodResolver } from '@hookform/resolvers/zod';
import { regenerateRecoveryCodesBodySchema } from '@seller/contract/auth/two-factor';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { FormField, fieldAria } from '@/components/ui/form-field';
import { OneTimeCodeInput } from '@/components/ui/one-time-code-input';
import { errorMessage } from '@/lib/error-messages';
import { applyServerFieldErrors } from '@/lib/form-errors';
import { fieldErrorText } from '@/lib/validation-message';
import { useRegenerateRecoveryCodes } from '../api/regenerate-recovery-codes';
import { PanelHeading } from './panel-heading';

interface CodeValues {
  code: string;
}

/** New recovery codes for a current code; `onCodes` receives them (the old ones are void). */
export function RegenerateCodesForm({
  onCodes,
  onCancel,
}: {
  onCodes: (codes: string[]) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const [formError, setFormError] = useState<string | null>(null);
  const { register, handleSubmit, setError, clearErrors, formState } = useForm<CodeValues>({
    resolver: zodResolver(regenerateRecoveryCodesBodySchema),
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
    defaultValues: { code: '' },
  });
  const regenerate = useRegenerateRecoveryCodes();

  const submit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      const { recoveryCodes } = await regenerate.mutateAsync(values);
      onCodes(recoveryCodes);
    } catch (error) {
      if (applyServerFieldErrors(error, ['code'], setError, { two_factor_code_invalid: 'code' })) {
        return;
      }
      setFormError(errorMessage(t, error, t('profile.security.failed')));
    }
  });

  const codeError = fieldErrorText(t, formState.errors.code?.message);
  const submitting = formState.isSubmitting;

  return (
    <section aria-labelledby="new-codes-title" className="grid gap-4">
      <PanelHeading
        id="new-codes-title"
        title={t('profile.security.newCodesTitle')}
        description={t('profile.security.newCodesDescription')}
      />
      <form onSubmit={(event) => void submit(event)} noValidate className="grid gap-4">
        {formError ? <ErrorAlert>{formError}</ErrorAlert> : null}
        <FormField id="two-factor-code" label={t('profile.security.code')} error={codeError}>
          <OneTimeCodeInput
            {...fieldAria('two-factor-code', codeError)}
            className="max-w-48"
            disabled={submitting}
            {...register('code', {
              onChange: () => {
                clearErrors('code');
                setFormError(null);
              },
            })}
          />
        </FormField>
        <div className="flex flex-wrap justify-end gap-2">
          <Button type="button" variant="outline" onClick={onCancel} disabled={submitting}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" disabled={submitting}>
            {submitting ? t('profile.security.generating') : t('profile.security.generate')}
          </Button>
        </div>
      </form>
    </section>
  );
}
