import type { FormEvent } from 'react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormField, fieldAria } from '@/components/ui/form-field';
import { PasswordInput } from '@/components/ui/password-input';
import { isApiError } from '@/lib/api-error';
import { fieldErrorText } from '@/lib/validation-message';
import { type LoginErrors, type LoginField, validateLogin } from '../lib/login-validation';
import { AuthForm } from './auth-form';
import { EmailField } from './email-field';

// The request (the HTTP client with the contract's schemas, so zod) loads once the seller
// starts to use the form, not with the page: the login page's budget (issue 6).
const loadLoginApi = () => import('../api/login');

/** Fields in the order of the form: the first invalid one gets the focus. */
const fieldOrder: readonly LoginField[] = ['email', 'password'];

/**
 * Seller login (spec section 2): a 401 means invalid credentials, anything else failed.
 * Checked on submit only; a field's error clears as soon as the field is edited.
 */
export function LoginForm({ onSuccess }: { onSuccess: (token: string) => void }) {
  const { t } = useTranslation();
  const [formError, setFormError] = useState<string | null>(null);
  const [errors, setErrors] = useState<LoginErrors>({});
  const [submitting, setSubmitting] = useState(false);
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const inputs = { email: emailRef, password: passwordRef };

  const edited = (name: LoginField) => () => {
    setErrors((current) => {
      if (current[name] === undefined) return current;
      const { [name]: _cleared, ...rest } = current;
      return rest;
    });
    setFormError(null);
  };

  const submit = async () => {
    const checked = validateLogin({
      email: emailRef.current?.value ?? '',
      password: passwordRef.current?.value ?? '',
    });
    if (!checked.success) {
      setErrors(checked.errors);
      const firstInvalid = fieldOrder.find((name) => checked.errors[name] !== undefined);
      if (firstInvalid) inputs[firstInvalid].current?.focus();
      return;
    }
    setErrors({});
    setFormError(null);
    setSubmitting(true);
    try {
      const { loginSeller } = await loadLoginApi();
      const { token } = await loginSeller(checked.data);
      onSuccess(token);
    } catch (error) {
      setFormError(
        isApiError(error) && error.status === 401
          ? t('error.invalidCredentials')
          : t('error.loginFailed'),
      );
    } finally {
      setSubmitting(false);
    }
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void submit();
  };

  /** Fetches the request's code while the seller fills in the form. */
  const prepare = () => {
    loadLoginApi().catch(() => undefined);
  };

  const emailError = fieldErrorText(t, errors.email);
  const passwordError = fieldErrorText(t, errors.password);

  return (
    <AuthForm
      onSubmit={onSubmit}
      onFocus={prepare}
      onPointerDown={prepare}
      submitting={submitting}
      formError={formError}
      submitLabel={submitting ? t('auth.login.submitting') : t('auth.login.submit')}
    >
      <EmailField
        registration={{ name: 'email', ref: emailRef, onChange: edited('email') }}
        error={emailError}
        disabled={submitting}
      />
      <FormField id="password" label={t('auth.password')} error={passwordError}>
        <PasswordInput
          {...fieldAria('password', passwordError)}
          autoComplete="current-password"
          disabled={submitting}
          name="password"
          ref={passwordRef}
          onChange={edited('password')}
        />
      </FormField>
    </AuthForm>
  );
}
