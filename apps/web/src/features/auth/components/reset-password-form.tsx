import { zodResolver } from '@hookform/resolvers/zod';
import {
  type ResetPasswordForm as ResetPasswordValues,
  resetPasswordFormSchema,
} from '@seller/contract/auth/reset-password';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { apiErrorOf } from '@/lib/api-error';
import { errorMessage } from '@/lib/error-messages';
import { applyServerFieldErrors } from '@/lib/form-errors';
import { fieldErrorText, validationParams } from '@/lib/validation-message';
import { useResetPassword } from '../api/reset-password';
import { AuthForm } from './auth-form';
import { NewPasswordFields } from './new-password-fields';

const fields = ['newPassword', 'confirmPassword'] as const;

/** A reset link that cannot be used (used, expired, replaced, or cut short when copied). */
function isTokenRefusal(error: unknown): boolean {
  const apiError = apiErrorOf(error);
  if (!apiError) return false;
  return (
    apiError.code === 'reset_token_invalid' ||
    apiError.details.some((issue) => issue.path === 'token')
  );
}

/**
 * A new password, twice, for the token of a reset link, with the signup's strength meter and
 * checklist (at the new passwords' minimum length). `onTokenRefused` follows a link that cannot
 * be used (the page says so in its own words); `onDone` follows the change.
 */
export function ResetPasswordForm({
  token,
  onDone,
  onTokenRefused,
}: {
  token: string;
  onDone: () => void;
  onTokenRefused: () => void;
}) {
  const { t } = useTranslation();
  const [formError, setFormError] = useState<string | null>(null);
  const { register, handleSubmit, control, clearErrors, setError, formState } =
    useForm<ResetPasswordValues>({
      resolver: zodResolver(resetPasswordFormSchema),
      mode: 'onSubmit',
      reValidateMode: 'onSubmit',
      defaultValues: { newPassword: '', confirmPassword: '' },
    });
  const newPassword = useWatch({ control, name: 'newPassword' });
  const reset = useResetPassword();

  const submit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      await reset.mutateAsync({ token, newPassword: values.newPassword });
      onDone();
    } catch (error) {
      if (isTokenRefusal(error)) {
        onTokenRefused();
        return;
      }
      // A too common password comes back under its field.
      if (applyServerFieldErrors(error, fields, setError)) return;
      setFormError(errorMessage(t, error, t('auth.reset.failed')));
    }
  });

  const edited = (name: (typeof fields)[number]) => () => {
    clearErrors(name);
    setFormError(null);
  };
  const newPasswordError = fieldErrorText(t, formState.errors.newPassword?.message);
  const confirmError = fieldErrorText(t, formState.errors.confirmPassword?.message);
  const submitting = formState.isSubmitting;

  return (
    <AuthForm
      onSubmit={(event) => void submit(event)}
      submitting={submitting}
      formError={formError}
      submitLabel={submitting ? t('auth.reset.submitting') : t('auth.reset.submit')}
    >
      <NewPasswordFields
        password={{
          label: t('auth.reset.newPassword'),
          registration: register('newPassword', { onChange: edited('newPassword') }),
          error: newPasswordError,
        }}
        confirmation={{
          label: t('auth.reset.confirmPassword'),
          registration: register('confirmPassword', { onChange: edited('confirmPassword') }),
          error: confirmError,
        }}
        value={newPassword}
        minLength={validationParams.newPasswordMin}
        disabled={submitting}
      />
    </AuthForm>
  );
}
