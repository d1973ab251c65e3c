import { zodResolver } from '@hookform/resolvers/zod';
import {
  type EmailChangeBody,
  emailChangeFormSchemas,
} from '@seller/contract/auth/request-email-change';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { type Notice, NoticeAlert } from '@/components/notice-alert';
import { Button } from '@/components/ui/button';
import {
  Card,
  CardContent,
  CardDescription,
  CardFooter,
  CardHeader,
  CardTitle,
} from '@/components/ui/card';
import { FormField, fieldAria } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { OneTimeCodeInput } from '@/components/ui/one-time-code-input';
import { PasswordInput } from '@/components/ui/password-input';
import { errorMessage } from '@/lib/error-messages';
import { applyServerFieldErrors } from '@/lib/form-errors';
import { fieldErrorText } from '@/lib/validation-message';
import { useRequestEmailChange } from '../api/request-email-change';

type Values = EmailChangeBody;
const fields = ['newEmail', 'password', 'code'] as const;
const emptyForm: Values = { newEmail: '', password: '', code: '' };

/**
 * Moving the account to another address: the new address, the password and, when two-factor
 * sign-in is on, a current code. The address changes only when the link mailed to it is opened.
 */
export function EmailChangeCard({
  email,
  twoFactorEnabled,
}: {
  email: string;
  twoFactorEnabled: boolean;
}) {
  const { t } = useTranslation();
  const [notice, setNotice] = useState<Notice | null>(null);
  const { register, handleSubmit, reset, clearErrors, setError, formState } = useForm<Values>({
    resolver: zodResolver(
      twoFactorEnabled ? emailChangeFormSchemas.withCode : emailChangeFormSchemas.withoutCode,
    ),
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
    defaultValues: emptyForm,
  });
  const request = useRequestEmailChange();

  const submit = handleSubmit(async (values) => {
    setNotice(null);
    const body: EmailChangeBody = {
      newEmail: values.newEmail,
      password: values.password,
      ...(twoFactorEnabled && values.code ? { code: values.code } : {}),
    };
    try {
      await request.mutateAsync(body);
      reset(emptyForm);
      setNotice({
        kind: 'success',
        text: t('account.emailChange.sent', { email: values.newEmail }),
      });
    } catch (error) {
      if (
        applyServerFieldErrors(error, fields, setError, {
          email_taken: 'newEmail',
          wrong_password: 'password',
          two_factor_code_invalid: 'code',
        })
      ) {
        return;
      }
      setNotice({ kind: 'error', text: errorMessage(t, error, t('account.emailChange.failed')) });
    }
  });

  const errors = {
    newEmail: fieldErrorText(t, formState.errors.newEmail?.message),
    password: fieldErrorText(t, formState.errors.password?.message),
    code: fieldErrorText(t, formState.errors.code?.message),
  };
  const submitting = formState.isSubmitting;

  return (
    <Card data-testid="email-change-card">
      <CardHeader>
        <CardTitle>{t('account.emailChange.title')}</CardTitle>
        <CardDescription>{t('account.emailChange.description', { email })}</CardDescription>
      </CardHeader>
      <form onSubmit={(event) => void submit(event)} noValidate className="grid gap-6">
        <CardContent className="grid gap-5">
          <NoticeAlert
            notice={notice}
            testIds={{ success: 'email-change-sent', error: 'email-change-error' }}
          />
          <input
            type="text"
            name="username"
            autoComplete="username"
            value={email}
            readOnly
            hidden
          />
          <FormField
            id="newEmail"
            label={t('account.emailChange.newEmail')}
            error={errors.newEmail}
          >
            <Input
              {...fieldAria('newEmail', errors.newEmail)}
              type="email"
              autoComplete="off"
              disabled={submitting}
              {...register('newEmail', { onChange: () => clearErrors('newEmail') })}
            />
          </FormField>
          <FormField
            id="emailChangePassword"
            label={t('account.emailChange.password')}
            error={errors.password}
          >
            <PasswordInput
              {...fieldAria('emailChangePassword', errors.password)}
              autoComplete="current-password"
              disabled={submitting}
              {...register('password', { onChange: () => clearErrors('password') })}
            />
          </FormField>
          {twoFactorEnabled ? (
            <FormField
              id="emailChangeCode"
              label={t('account.emailChange.code')}
              error={errors.code}
            >
              <OneTimeCodeInput
                {...fieldAria('emailChangeCode', errors.code)}
                disabled={submitting}
                {...register('code', { onChange: () => clearErrors('code') })}
              />
            </FormField>
          ) : null}
        </CardContent>
        <CardFooter className="justify-end">
          <Button type="submit" disabled={submitting} data-testid="email-change-submit">
            {submitting ? t('account.emailChange.submitting') : t('account.emailChange.submit')}
          </Button>
        </CardFooter>
      </form>
    </Card>
  );
}
