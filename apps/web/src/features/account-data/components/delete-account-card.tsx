import { zodResolver } from '@hookform/resolvers/zod';
import { totpCodeSchema } from '@seller/contract/auth/two-factor';
import { presentedPasswordSchema } from '@seller/contract/fields';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { z } from 'zod';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Alert, AlertDescription, AlertTitle, ErrorAlert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField, fieldAria } from '@/components/ui/form-field';
import { OneTimeCodeInput } from '@/components/ui/one-time-code-input';
import { PasswordInput } from '@/components/ui/password-input';
import { paths } from '@/config/paths';
import { apiErrorOf } from '@/lib/api-error';
import { errorMessage } from '@/lib/error-messages';
import { applyServerFieldErrors } from '@/lib/form-errors';
import { fieldErrorText } from '@/lib/validation-message';
import { useDeleteAccount } from '../api/delete-account';

interface DeleteValues {
  password: string;
  code: string;
}
const fields = ['password', 'code'] as const;

const goes = ['access', 'integrations', 'personal', 'catalog'] as const;
const kept = ['records', 'buyers', 'nickname'] as const;

/**
 * "Delete account": says plainly what goes and what the law keeps, asks for the password (and
 * a code when two-factor sign-in is on), confirms in a dialog, and explains a refusal while the
 * balance is not zero, with the way to the payouts.
 */
export function DeleteAccountCard({
  account,
  onDeleted,
}: {
  account: { email: string; nickname: string | null; twoFactorEnabled: boolean };
  onDeleted: () => void;
}) {
  const { t } = useTranslation();
  const [confirming, setConfirming] = useState<DeleteValues | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [balanceRefused, setBalanceRefused] = useState(false);
  const schema = useMemo(
    () =>
      z.object({
        password: presentedPasswordSchema,
        code: account.twoFactorEnabled ? totpCodeSchema : z.string(),
      }),
    [account.twoFactorEnabled],
  );
  const { register, handleSubmit, setError, clearErrors, formState } = useForm<DeleteValues>({
    resolver: zodResolver(schema),
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
    defaultValues: { password: '', code: '' },
  });
  const remove = useDeleteAccount();

  const ask = handleSubmit((values) => {
    setFormError(null);
    setBalanceRefused(false);
    setConfirming(values);
  });

  const confirm = async () => {
    const values = confirming;
    setConfirming(null);
    if (!values) return;
    try {
      await remove.mutateAsync({
        password: values.password,
        ...(account.twoFactorEnabled ? { code: values.code } : {}),
      });
      onDeleted();
    } catch (error) {
      if (apiErrorOf(error)?.code === 'balance_outstanding') {
        setBalanceRefused(true);
        return;
      }
      if (applyServerFieldErrors(error, fields, setError)) return;
      setFormError(errorMessage(t, error, t('account.delete.failed')));
    }
  };

  const edited = (name: (typeof fields)[number]) => () => {
    clearErrors(name);
    setFormError(null);
  };
  const passwordError = fieldErrorText(t, formState.errors.password?.message);
  const codeError = fieldErrorText(t, formState.errors.code?.message);
  const busy = remove.isPending;

  return (
    <Card className="min-w-0 border-destructive/40" data-testid="delete-account-card">
      <CardHeader>
        <CardTitle as="h2">{t('account.delete.title')}</CardTitle>
        <CardDescription>{t('account.delete.description')}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        <div className="grid gap-6 md:grid-cols-2">
          <section aria-labelledby="delete-goes-title" className="grid content-start gap-2">
            <h3 id="delete-goes-title" className="font-semibold">
              {t('account.delete.goesTitle')}
            </h3>
            <ul className="grid list-disc gap-1 pl-5 text-sm">
              {goes.map((item) => (
                <li key={item}>{t(`account.delete.goes.${item}`)}</li>
              ))}
            </ul>
          </section>
          <section aria-labelledby="delete-kept-title" className="grid content-start gap-2">
            <h3 id="delete-kept-title" className="font-semibold">
              {t('account.delete.keptTitle')}
            </h3>
            <ul className="grid list-disc gap-1 pl-5 text-sm">
              {kept.map((item) => (
                <li key={item}>{t(`account.delete.kept.${item}`)}</li>
              ))}
            </ul>
          </section>
        </div>

        {balanceRefused ? (
          <Alert variant="destructive" data-testid="balance-outstanding">
            <AlertTitle>{t('account.delete.balanceTitle')}</AlertTitle>
            <AlertDescription className="grid gap-3">
              <p>{t('account.delete.balanceNote')}</p>
              <Button asChild variant="outline" className="w-full sm:w-fit">
                <Link to={paths.payouts.href()}>{t('account.delete.seePayouts')}</Link>
              </Button>
            </AlertDescription>
          </Alert>
        ) : null}
        {formError ? <ErrorAlert>{formError}</ErrorAlert> : null}

        <form onSubmit={(event) => void ask(event)} noValidate className="grid gap-4">
          <input
            type="text"
            name="username"
            autoComplete="username"
            value={account.email}
            readOnly
            hidden
          />
          <FormField
            id="delete-password"
            label={t('account.delete.password')}
            error={passwordError}
          >
            <PasswordInput
              {...fieldAria('delete-password', passwordError)}
              autoComplete="current-password"
              className="max-w-sm"
              disabled={busy}
              {...register('password', { onChange: edited('password') })}
            />
          </FormField>
          {account.twoFactorEnabled ? (
            <FormField
              id="delete-code"
              label={t('account.delete.code')}
              hint={t('account.delete.codeHint')}
              error={codeError}
            >
              <OneTimeCodeInput
                {...fieldAria('delete-code', codeError, true)}
                className="max-w-48"
                disabled={busy}
                {...register('code', { onChange: edited('code') })}
              />
            </FormField>
          ) : null}
          <Button
            type="submit"
            variant="destructive"
            className="w-full sm:w-fit"
            disabled={busy}
            data-testid="delete-account-submit"
          >
            {busy ? t('account.delete.deleting') : t('account.delete.submit')}
          </Button>
        </form>
      </CardContent>
      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(open) => {
          if (!open) setConfirming(null);
        }}
        title={t('account.delete.confirmTitle')}
        description={t('account.delete.confirmDescription', {
          nickname: account.nickname ?? account.email,
        })}
        confirmLabel={t('account.delete.confirm')}
        onConfirm={() => void confirm()}
        testIds={{ dialog: 'delete-account-dialog', confirm: 'delete-account-confirm' }}
      />
    </Card>
  );
}
