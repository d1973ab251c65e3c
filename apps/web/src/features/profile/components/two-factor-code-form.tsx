import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { ErrorAlert } from '@/components/ui/alert';
import { errorMessage } from '@/lib/error-messages';
import { applyServerFieldErrors } from '@/lib/form-errors';
import { fieldErrorText } from '@/lib/validation-message';
import { FormActions } from './form-actions';
import { TwoFactorCodeField } from './two-factor-code-field';

interface CodeValues {
  code: string;
}

/**
 * A current code from the authenticator app for a step that answers new recovery codes (turning
 * two-factor sign-in on, renewing the codes): `send` makes the call with the endpoint's `schema`
 * checked first, and `onCodes` receives the codes. A wrong code is said under the field.
 */
export function TwoFactorCodeForm({
  schema,
  send,
  onCodes,
  onCancel,
  hint,
  submitText,
  submittingText,
}: {
  schema: z.ZodType<CodeValues, CodeValues>;
  send: (body: CodeValues) => Promise<{ recoveryCodes: string[] }>;
  onCodes: (codes: string[]) => void;
  onCancel: () => void;
  hint?: string;
  submitText: string;
  submittingText: string;
}) {
  const { t } = useTranslation();
  const [formError, setFormError] = useState<string | null>(null);
  const { register, handleSubmit, setError, clearErrors, formState } = useForm<CodeValues>({
    resolver: zodResolver(schema),
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
    defaultValues: { code: '' },
  });

  const submit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      const { recoveryCodes } = await send(values);
      onCodes(recoveryCodes);
    } catch (error) {
      if (applyServerFieldErrors(error, ['code'], setError, { two_factor_code_invalid: 'code' })) {
        return;
      }
      setFormError(errorMessage(t, error, t('profile.security.failed')));
    }
  });

  const submitting = formState.isSubmitting;

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="grid gap-4">
      {formError ? <ErrorAlert>{formError}</ErrorAlert> : null}
      <TwoFactorCodeField
        registration={register('code', {
          onChange: () => {
            clearErrors('code');
            setFormError(null);
          },
        })}
        error={fieldErrorText(t, formState.errors.code?.message)}
        hint={hint}
        disabled={submitting}
      />
      <div className="flex flex-wrap justify-end gap-2">
        <FormActions
          onCancel={onCancel}
          submitting={submitting}
          submitText={submitText}
          submittingText={submittingText}
        />
      </div>
    </form>
  );
}
