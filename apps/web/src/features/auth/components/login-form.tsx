import type { LoginBody, LoginResponse } from '@seller/contract/auth/login';
import { type ComponentType, useEffect, useState } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FormField, fieldAria } from '@/components/ui/form-field';
import { PasswordInput } from '@/components/ui/password-input';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/error-messages';
import { fieldErrorText } from '@/lib/validation-message';
import { AuthForm } from './auth-form';
import { EmailField } from './email-field';
import type { LoginCodeStepProps } from './login-code-step';

type LoginField = keyof LoginBody;

/**
 * What the form needs only once it is used: the contract's login body as its resolver, and the
 * request. Both bring zod, which the login page's first load leaves out (its budget); they load
 * as soon as the seller focuses or presses the form, so they are there by the submit.
 */
interface LoginCode {
  resolver: Resolver<LoginBody>;
  loginSeller: (body: LoginBody) => Promise<LoginResponse>;
}

let loginCode: Promise<LoginCode> | undefined;

function loadLoginCode(): Promise<LoginCode> {
  loginCode ??= Promise.all([
    import('@hookform/resolvers/zod'),
    import('@seller/contract/auth/login'),
    import('../api/login-seller'),
  ]).then(
    ([{ zodResolver }, { loginBodySchema }, { loginSeller }]) => ({
      resolver: zodResolver(loginBodySchema),
      loginSeller,
    }),
    (error: unknown) => {
      loginCode = undefined; // tried again on the next use
      throw error;
    },
  );
  return loginCode;
}

const loginResolver: Resolver<LoginBody> = async (values, context, options) => {
  const { resolver } = await loadLoginCode();
  return resolver(values, context, options);
};

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
  const [formError, setFormError] = useState<string | null>(null);
  const [secondStep, setSecondStep] = useState<SecondStep | null>(null);
  const [backFromStep, setBackFromStep] = useState(0);
  const { register, handleSubmit, clearErrors, resetField, setFocus, formState } =
    useForm<LoginBody>({
      resolver: loginResolver,
      mode: 'onSubmit',
      reValidateMode: 'onSubmit',
      defaultValues: { email: '', password: '' },
    });

  const edited = (name: LoginField) => () => {
    clearErrors(name);
    setFormError(null);
  };

  // Back from the code step, the password is typed again.
  useEffect(() => {
    if (backFromStep > 0) setFocus('password');
  }, [backFromStep, setFocus]);

  const submit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      const { loginSeller } = await loadLoginCode();
      const result = await loginSeller(values);
      if ('token' in result) {
        onSuccess(result.token);
        return;
      }
      // The form stays as it is (sending) until the step's code is there.
      const { LoginCodeStep: Step } = await import('./login-code-step');
      setSecondStep({ challenge: result.challenge, Step });
    } catch (error) {
      setFormError(errorMessage(t, error, t('error.loginFailed')));
    }
  });

  const backToPassword = (message: string | null) => {
    setSecondStep(null);
    setFormError(message);
    resetField('password');
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

  const submitting = formState.isSubmitting;
  const emailError = fieldErrorText(t, formState.errors.email?.message);
  const passwordError = fieldErrorText(t, formState.errors.password?.message);

  return (
    <AuthForm
      onSubmit={(event) => {
        // The checks' code failing to load leaves the form as it was, with a message.
        submit(event).catch(() => setFormError(t('error.loginFailed')));
      }}
      onFocus={prepare}
      onPointerDown={prepare}
      submitting={submitting}
      formError={formError}
      submitLabel={submitting ? t('auth.login.submitting') : t('auth.login.submit')}
    >
      <EmailField
        registration={register('email', { onChange: edited('email') })}
        error={emailError}
        disabled={submitting}
      />
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
          {...register('password', { onChange: edited('password') })}
        />
      </FormField>
    </AuthForm>
  );
}
