import type { LoginBody, LoginResponse } from '@seller/contract/auth/login';
import { type ComponentType, type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FormField, fieldAria } from '@/components/ui/form-field';
import { PasswordInput } from '@/components/ui/password-input';
import { paths } from '@/config/paths';
import { AuthForm } from './auth-form';
import { EmailField } from './email-field';
import type { LoginCodeStepProps } from './login-code-step';

type LoginField = keyof LoginBody;
type FieldErrors = Partial<Record<LoginField, string>>;

/**
 * What the form needs only once it is used: the contract's login body, to check the fields,
 * and the request. Both bring zod, which the login page's first load leaves out (its budget),
 * as it leaves out a form library: two fields are plain React state. They load as soon as the
 * seller focuses or presses the form, so they are there by the submit.
 */
interface LoginCode {
  check: (values: LoginBody) => FieldErrors;
  loginSeller: (body: LoginBody) => Promise<LoginResponse>;
  /** The texts of field and form errors, which only a used form can have. */
  fieldErrorText: typeof import('@/lib/validation-message').fieldErrorText;
  errorMessage: typeof import('@/lib/error-messages').errorMessage;
}

let loginCode: Promise<LoginCode> | undefined;

function loadLoginCode(): Promise<LoginCode> {
  loginCode ??= Promise.all([
    import('@seller/contract/auth/login'),
    import('../api/login-seller'),
    import('@/lib/validation-message'),
    import('@/lib/error-messages'),
  ]).then(
    ([{ loginBodySchema }, { loginSeller }, { fieldErrorText }, { errorMessage }]) => ({
      check: (values) => {
        const result = loginBodySchema.safeParse(values);
        const errors: FieldErrors = {};
        for (const issue of result.error?.issues ?? []) {
          const field = issue.path[0];
          if ((field === 'email' || field === 'password') && !errors[field]) {
            errors[field] = issue.message;
          }
        }
        return errors;
      },
      loginSeller,
      fieldErrorText,
      errorMessage,
    }),
    (error: unknown) => {
      loginCode = undefined; // tried again on the next use
      throw error;
    },
  );
  return loginCode;
}

/** The code step of a seller with two-factor sign-in on, with its code once loaded. */
interface SecondStep {
  challenge: string;
  Step: ComponentType<LoginCodeStepProps>;
}

/**
 * Seller login, checked with the contract's login body on submit only; a field's error, and
 * the form's, clear as soon as a field is edited. For a seller with two-factor sign-in on, a
 * code step follows the password; its code loads only then.
 */
export function LoginForm({ onSuccess }: { onSuccess: (token: string) => void }) {
  const { t } = useTranslation();
  const [values, setValues] = useState<LoginBody>({ email: '', password: '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [submitting, setSubmitting] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const [secondStep, setSecondStep] = useState<SecondStep | null>(null);
  const [backFromStep, setBackFromStep] = useState(0);
  // Set once the checks' code has loaded; any error shown comes after that.
  const [code, setCode] = useState<LoginCode | null>(null);
  const inputs = {
    email: useRef<HTMLInputElement>(null),
    password: useRef<HTMLInputElement>(null),
  };

  const field = (name: LoginField) => ({
    name,
    value: values[name],
    ref: inputs[name],
    onChange: (event: { target: { value: string } }) => {
      const { value } = event.target;
      setValues((current) => ({ ...current, [name]: value }));
      setErrors(({ [name]: _cleared, ...rest }) => rest);
      setFormError(null);
    },
  });

  // Back from the code step, the password is typed again.
  useEffect(() => {
    if (backFromStep > 0) inputs.password.current?.focus();
  }, [backFromStep, inputs.password]);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitting) return;
    setFormError(null);
    let code: LoginCode;
    try {
      code = await loadLoginCode();
      setCode(code);
    } catch {
      // The checks' code failing to load leaves the form as it was, with a message.
      setFormError(t('error.loginFailed'));
      return;
    }
    const found = code.check(values);
    setErrors(found);
    const first = (['email', 'password'] as const).find((name) => found[name]);
    if (first) {
      inputs[first].current?.focus();
      return;
    }
    setSubmitting(true);
    try {
      const result = await code.loginSeller(values);
      if ('token' in result) {
        onSuccess(result.token);
        return;
      }
      // The form stays as it is (sending) until the step's code is there.
      const { LoginCodeStep: Step } = await import('./login-code-step');
      setSecondStep({ challenge: result.challenge, Step });
    } catch (error) {
      setFormError(code.errorMessage(t, error, t('error.loginFailed')));
    } finally {
      setSubmitting(false);
    }
  };

  const backToPassword = (message: string | null) => {
    setSecondStep(null);
    setFormError(message);
    setValues((current) => ({ ...current, password: '' }));
    setBackFromStep((count) => count + 1);
  };

  if (secondStep) {
    const { Step, challenge } = secondStep;
    return (
      <Step
        challenge={challenge}
        onSuccess={onSuccess}
        onRestart={backToPassword}
        onCancel={() => backToPassword(null)}
      />
    );
  }

  const prepare = () => {
    loadLoginCode().catch(() => undefined);
  };

  const emailError = code?.fieldErrorText(t, errors.email);
  const passwordError = code?.fieldErrorText(t, errors.password);

  return (
    <AuthForm
      onSubmit={(event) => void submit(event)}
      onFocus={prepare}
      onPointerDown={prepare}
      submitting={submitting}
      formError={formError}
      submitLabel={submitting ? t('auth.login.submitting') : t('auth.login.submit')}
    >
      <EmailField registration={field('email')} error={emailError} disabled={submitting} />
      <FormField
        id="password"
        label={t('auth.password')}
        error={passwordError}
        labelAside={
          <Link
            to={paths.forgotPassword.href()}
            className="text-sm font-medium text-primary underline-offset-4 hover:underline"
          >
            {t('auth.login.forgotPassword')}
          </Link>
        }
      >
        <PasswordInput
          {...fieldAria('password', passwordError)}
          autoComplete="current-password"
          disabled={submitting}
          {...field('password')}
        />
      </FormField>
    </AuthForm>
  );
}
