import { zodResolver } from '@hookform/resolvers/zod';
import {
  type SignupForm as SignupFormValues,
  signupFormSchema,
} from '@seller/contract/auth/signup-form';
import { sanitizeNicknameInput } from '@seller/contract/fields';
import { limits } from '@seller/contract/limits';
import { useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { SentenceWithParts } from '@/components/sentence-with-parts';
import { Checkbox } from '@/components/ui/checkbox';
import { FormField, fieldAria } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/error-messages';
import { applyServerFieldErrors } from '@/lib/form-errors';
import { fieldErrorText, validationParams } from '@/lib/validation-message';
import { useSignup } from '../api/signup-seller';
import { AuthForm } from './auth-form';
import { EmailField } from './email-field';
import { NewPasswordFields } from './new-password-fields';

const fields = ['email', 'nickname', 'password', 'confirmPassword', 'agreeToTerms'] as const;

/** The taken email or nickname is answered without `details`: its field shows the code's text. */
const fieldOfCode = { email_taken: 'email', nickname_taken: 'nickname' } as const;

/** A link to the terms or the privacy policy, in a new tab: the form keeps what was typed. */
function LegalLink({ to, text }: { to: string; text: string }) {
  return (
    <Link
      to={to}
      target="_blank"
      rel="noopener"
      className="font-medium text-primary underline underline-offset-4"
    >
      {text}
    </Link>
  );
}

/** Seller signup: on success `onSuccess` receives the new token. */
export function SignupForm({ onSuccess }: { onSuccess: (token: string) => void }) {
  const { t } = useTranslation();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<SignupFormValues>({
    resolver: zodResolver(signupFormSchema),
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
    defaultValues: {
      email: '',
      nickname: '',
      password: '',
      confirmPassword: '',
      agreeToTerms: false,
    },
  });
  const { register, handleSubmit, control, setError, clearErrors, formState } = form;
  const password = useWatch({ control, name: 'password' });
  const signup = useSignup();

  const errorOf = (name: (typeof fields)[number]) =>
    fieldErrorText(t, formState.errors[name]?.message);

  /** A field's error disappears as soon as the field is edited. */
  const edited = (name: (typeof fields)[number]) => () => {
    clearErrors(name);
    setFormError(null);
  };

  const onSubmit = handleSubmit(async ({ email, nickname, password: secret }) => {
    setFormError(null);
    try {
      const { token } = await signup.mutateAsync({ email, nickname, password: secret });
      onSuccess(token);
    } catch (error) {
      if (!applyServerFieldErrors(error, fields, setError, fieldOfCode)) {
        setFormError(errorMessage(t, error, t('error.signupFailed')));
      }
    }
  });

  const emailError = errorOf('email');
  const nicknameError = errorOf('nickname');
  const passwordError = errorOf('password');
  const confirmError = errorOf('confirmPassword');
  const termsError = errorOf('agreeToTerms');
  const nickname = register('nickname', { onChange: edited('nickname') });
  const submitting = formState.isSubmitting;

  return (
    <AuthForm
      onSubmit={onSubmit}
      submitting={submitting}
      formError={formError}
      submitLabel={submitting ? t('auth.signup.submitting') : t('auth.signup.submit')}
    >
      <EmailField
        registration={register('email', { onChange: edited('email') })}
        error={emailError}
        disabled={submitting}
      />

      <FormField
        id="nickname"
        label={t('auth.nickname')}
        hint={t('auth.nicknameHint', validationParams)}
        error={nicknameError}
      >
        <Input
          {...fieldAria('nickname', nicknameError, true)}
          autoComplete="username"
          autoCapitalize="none"
          autoCorrect="off"
          spellCheck={false}
          maxLength={limits.nickname.max}
          placeholder={t('auth.nicknamePlaceholder')}
          disabled={submitting}
          {...nickname}
          onChange={(event) => {
            event.target.value = sanitizeNicknameInput(event.target.value);
            return nickname.onChange(event);
          }}
        />
      </FormField>

      <NewPasswordFields
        password={{
          label: t('auth.password'),
          registration: register('password', { onChange: edited('password') }),
          error: passwordError,
        }}
        confirmation={{
          label: t('auth.confirmPassword'),
          registration: register('confirmPassword', { onChange: edited('confirmPassword') }),
          error: confirmError,
        }}
        value={password}
        disabled={submitting}
      />

      <div className="grid gap-2">
        <div className="flex items-start gap-3">
          <Controller
            control={control}
            name="agreeToTerms"
            render={({ field }) => (
              <Checkbox
                id="agreeToTerms"
                ref={field.ref}
                name={field.name}
                checked={field.value}
                onBlur={field.onBlur}
                onCheckedChange={(checked) => {
                  field.onChange(checked === true);
                  edited('agreeToTerms')();
                }}
                disabled={submitting}
                className="mt-0.5"
                aria-invalid={termsError ? true : undefined}
                aria-describedby={termsError ? 'agreeToTerms-error' : undefined}
              />
            )}
          />
          <Label htmlFor="agreeToTerms" className="block leading-snug font-normal">
            <SentenceWithParts
              sentence={t('auth.signup.agreeToTerms', { terms: '{terms}', privacy: '{privacy}' })}
              parts={{
                terms: <LegalLink to={paths.terms.href()} text={t('auth.signup.termsLink')} />,
                privacy: (
                  <LegalLink to={paths.privacy.href()} text={t('auth.signup.privacyLink')} />
                ),
              }}
            />
          </Label>
        </div>
        {termsError ? (
          <p id="agreeToTerms-error" className="text-sm text-destructive" role="alert">
            {termsError}
          </p>
        ) : null}
      </div>
    </AuthForm>
  );
}
