import { zodResolver } from '@hookform/resolvers/zod';
import { type LoginBody, loginBody } from '@seller/contract/auth/login';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormField, fieldAria } from '@/components/ui/form-field';
import { PasswordInput } from '@/components/ui/password-input';
import { isApiError } from '@/lib/api-client';
import { fieldErrorText } from '@/lib/validation-message';
import { useLogin } from '../api/login';
import { AuthForm } from './auth-form';
import { EmailField } from './email-field';

/** Seller login (spec section 2): a 401 means invalid credentials, anything else failed. */
export function LoginForm({ onSuccess }: { onSuccess: (token: string) => void }) {
  const { t } = useTranslation();
  const [formError, setFormError] = useState<string | null>(null);
  const { register, handleSubmit, clearErrors, formState } = useForm<LoginBody>({
    resolver: zodResolver(loginBody),
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
    defaultValues: { email: '', password: '' },
  });
  const login = useLogin();

  const edited = (name: keyof LoginBody) => () => {
    clearErrors(name);
    setFormError(null);
  };

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      const { token } = await login.mutateAsync(values);
      onSuccess(token);
    } catch (error) {
      setFormError(
        isApiError(error) && error.status === 401
          ? t('error.invalidCredentials')
          : t('error.loginFailed'),
      );
    }
  });

  const emailError = fieldErrorText(t, formState.errors.email?.message);
  const passwordError = fieldErrorText(t, formState.errors.password?.message);
  const submitting = formState.isSubmitting;

  return (
    <AuthForm
      onSubmit={onSubmit}
      submitting={submitting}
      formError={formError}
      submitLabel={submitting ? t('auth.login.submitting') : t('auth.login.submit')}
    >
      <EmailField
        registration={register('email', { onChange: edited('email') })}
        error={emailError}
        disabled={submitting}
      />
      <FormField id="password" label={t('auth.password')} error={passwordError}>
        <PasswordInput
          {...fieldAria('password', passwordError)}
          autoComplete="current-password"
          disabled={submitting}
          {...register('password', { onChange: edited('password') })}
        />
      </FormField>
    </AuthForm>
  );
}
