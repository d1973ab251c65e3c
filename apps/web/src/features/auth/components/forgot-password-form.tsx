import { zodResolver } from '@hookform/resolvers/zod';
import {
  type ForgotPasswordBody,
  forgotPasswordBodySchema,
} from '@seller/contract/auth/forgot-password';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/lib/error-messages';
import { applyServerFieldErrors } from '@/lib/form-errors';
import { fieldErrorText } from '@/lib/validation-message';
import { useRequestPasswordReset } from '../api/forgot-password';
import { AuthForm } from './auth-form';
import { EmailField } from './email-field';

/**
 * The email to send a reset link to. `onSent` receives the address as typed: whether an account
 * has it is never told, so the screen confirms the same either way.
 */
export function ForgotPasswordForm({ onSent }: { onSent: (email: string) => void }) {
  const { t } = useTranslation();
  const [formError, setFormError] = useState<string | null>(null);
  const { register, handleSubmit, clearErrors, setError, formState } = useForm<ForgotPasswordBody>({
    resolver: zodResolver(forgotPasswordBodySchema),
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
    defaultValues: { email: '' },
  });
  const request = useRequestPasswordReset();

  const submit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      await request.mutateAsync(values);
      onSent(values.email);
    } catch (error) {
      if (applyServerFieldErrors(error, ['email'], setError)) return;
      setFormError(errorMessage(t, error, t('auth.forgot.failed')));
    }
  });

  const submitting = formState.isSubmitting;
  const emailError = fieldErrorText(t, formState.errors.email?.message);

  return (
    <AuthForm
      onSubmit={(event) => void submit(event)}
      submitting={submitting}
      formError={formError}
      submitLabel={submitting ? t('auth.forgot.submitting') : t('auth.forgot.submit')}
    >
      <EmailField
        registration={register('email', {
          onChange: () => {
            clearErrors('email');
            setFormError(null);
          },
        })}
        error={emailError}
        disabled={submitting}
      />
    </AuthForm>
  );
}
