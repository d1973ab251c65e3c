import { zodResolver } from '@hookform/resolvers/zod';
import {
  disableTwoFactorBodySchema,
  type disableTwoFactorEndpoint,
} from '@seller/contract/auth/disable-two-factor';
import type { BodyOf } from '@seller/contract/endpoint';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '@/components/ui/alert';
import { FormField, fieldAria } from '@/components/ui/form-field';
import { PasswordInput } from '@/components/ui/password-input';
import { errorMessage } from '@/lib/error-messages';
import { applyServerFieldErrors } from '@/lib/form-errors';
import { fieldErrorText } from '@/lib/validation-message';
import { useDisableTwoFactor } from '../api/disable-two-factor';
import { FormActions } from './form-actions';
import { Panel } from './panel';
import { TwoFactorCodeField } from './two-factor-code-field';

type DisableValues = BodyOf<typeof disableTwoFactorEndpoint>;
const fields = ['password', 'code'] as const;

/** Turning two-factor sign-in off: the password and a current code. */
export function DisableTwoFactorForm({
  email,
  onDone,
  onCancel,
}: {
  /** Tells password managers which account the password is for. */
  email: string;
  onDone: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const [formError, setFormError] = useState<string | null>(null);
  const { register, handleSubmit, setError, clearErrors, formState } = useForm<DisableValues>({
    resolver: zodResolver(disableTwoFactorBodySchema),
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
    defaultValues: { password: '', code: '' },
  });
  const disable = useDisableTwoFactor();

  const submit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      await disable.mutateAsync(values);
      onDone();
    } catch (error) {
      // A wrong password or code comes back under its field.
      if (applyServerFieldErrors(error, fields, setError)) return;
      setFormError(errorMessage(t, error, t('profile.security.failed')));
    }
  });

  const edited = (name: (typeof fields)[number]) => () => {
    clearErrors(name);
    setFormError(null);
  };
  const passwordError = fieldErrorText(t, formState.errors.password?.message);
  const codeError = fieldErrorText(t, formState.errors.code?.message);
  const submitting = formState.isSubmitting;

  return (
    <Panel
      id="two-factor-off-title"
      title={t('profile.security.turnOffTitle')}
      description={t('profile.security.turnOffDescription')}
    >
      <form onSubmit={(event) => void submit(event)} noValidate className="grid gap-4">
        {formError ? <ErrorAlert>{formError}</ErrorAlert> : null}
        <input type="text" name="username" autoComplete="username" value={email} readOnly hidden />
        <FormField
          id="two-factor-password"
          label={t('profile.security.password')}
          error={passwordError}
        >
          <PasswordInput
            {...fieldAria('two-factor-password', passwordError)}
            autoComplete="current-password"
            disabled={submitting}
            {...register('password', { onChange: edited('password') })}
          />
        </FormField>
        <TwoFactorCodeField
          registration={register('code', { onChange: edited('code') })}
          error={codeError}
          disabled={submitting}
        />
        <div className="flex flex-wrap justify-end gap-2">
          <FormActions
            onCancel={onCancel}
            submitting={submitting}
            submitText={t('profile.security.turnOff')}
            submittingText={t('profile.security.turningOff')}
            destructive
          />
        </div>
      </form>
    </Panel>
  );
}
