import { zodResolver } from '@hookform/resolvers/zod';
import { enableTwoFactorBodySchema } from '@seller/contract/auth/two-factor';
import { CopyIcon } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { FormField, fieldAria } from '@/components/ui/form-field';
import { OneTimeCodeInput } from '@/components/ui/one-time-code-input';
import { errorMessage } from '@/lib/error-messages';
import { applyServerFieldErrors } from '@/lib/form-errors';
import { useCopyToClipboard } from '@/lib/use-copy-to-clipboard';
import { fieldErrorText } from '@/lib/validation-message';
import { useEnableTwoFactor } from '../api/enable-two-factor';
import type { TwoFactorSetup as Setup } from '../api/start-two-factor-setup';
import { groupSecret } from '../lib/two-factor-text';
import { PanelHeading } from './panel-heading';
import { QrCode } from './qr-code';

interface CodeValues {
  code: string;
}

/**
 * Adding the account to an authenticator app: its QR code, or the key to type in, then a
 * first code from the app, which turns two-factor sign-in on. `onEnabled` receives the
 * recovery codes.
 */
export function TwoFactorSetup({
  setup,
  onEnabled,
  onCancel,
}: {
  setup: Setup;
  onEnabled: (codes: string[]) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const [formError, setFormError] = useState<string | null>(null);
  const { register, handleSubmit, setError, clearErrors, formState } = useForm<CodeValues>({
    resolver: zodResolver(enableTwoFactorBodySchema),
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
    defaultValues: { code: '' },
  });
  const enable = useEnableTwoFactor();
  const { copy } = useCopyToClipboard({
    copiedText: t('profile.security.keyCopied'),
    failedText: t('profile.security.copyFailed'),
  });

  const submit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      const { recoveryCodes } = await enable.mutateAsync(values);
      onEnabled(recoveryCodes);
    } catch (error) {
      if (applyServerFieldErrors(error, ['code'], setError, { two_factor_code_invalid: 'code' })) {
        return;
      }
      setFormError(errorMessage(t, error, t('profile.security.failed')));
    }
  });

  const codeError = fieldErrorText(t, formState.errors.code?.message);
  const submitting = formState.isSubmitting;

  return (
    <section aria-labelledby="two-factor-setup-title" className="grid gap-5">
      <PanelHeading id="two-factor-setup-title" title={t('profile.security.setupTitle')} />
      <ol className="grid list-decimal gap-5 pl-5 text-sm marker:font-semibold">
        <li className="grid gap-3">
          <p>{t('profile.security.scan')}</p>
          <QrCode
            value={setup.otpauthUrl}
            label={t('profile.security.qrLabel')}
            failedText={t('profile.security.qrFailed')}
          />
          <p className="text-muted-foreground">{t('profile.security.keyIntro')}</p>
          <div className="flex flex-wrap items-center gap-2">
            <code
              className="rounded-md bg-muted px-2 py-1 font-mono text-sm break-all"
              data-testid="two-factor-secret"
            >
              <span className="sr-only">{t('profile.security.key')} </span>
              {groupSecret(setup.secret)}
            </code>
            <Button type="button" variant="outline" size="sm" onClick={() => copy(setup.secret)}>
              <CopyIcon aria-hidden="true" />
              {t('profile.security.copyKey')}
            </Button>
          </div>
        </li>
        <li>
          <form onSubmit={(event) => void submit(event)} noValidate className="grid gap-4">
            {formError ? <ErrorAlert>{formError}</ErrorAlert> : null}
            <FormField
              id="two-factor-code"
              label={t('profile.security.code')}
              hint={t('profile.security.codeHint')}
              error={codeError}
            >
              <OneTimeCodeInput
                {...fieldAria('two-factor-code', codeError, true)}
                className="max-w-48"
                disabled={submitting}
                {...register('code', {
                  onChange: () => {
                    clearErrors('code');
                    setFormError(null);
                  },
                })}
              />
            </FormField>
            <div className="flex flex-wrap justify-end gap-2">
              <Button type="button" variant="outline" onClick={onCancel} disabled={submitting}>
                {t('common.cancel')}
              </Button>
              <Button type="submit" disabled={submitting}>
                {submitting ? t('profile.security.enabling') : t('profile.security.enable')}
              </Button>
            </div>
          </form>
        </li>
      </ol>
    </section>
  );
}
