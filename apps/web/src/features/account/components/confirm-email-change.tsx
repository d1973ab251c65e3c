import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Alert, AlertDescription, ErrorAlert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { apiErrorOf } from '@/lib/api-error';
import { errorMessage, errorMessageKeys } from '@/lib/error-messages';
import { useConfirmEmailChange } from '../api/confirm-email-change';

/**
 * The page of an email change link: one press confirms the new address (a link is used once,
 * so it is not used merely by opening the page). Every session then ends, this browser's too,
 * so the page leads to the login. A link that cannot be used says so.
 */
export function ConfirmEmailChange({ token }: { token: string }) {
  const { t } = useTranslation();
  const confirm = useConfirmEmailChange();
  const [email, setEmail] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(
    token ? null : t(errorMessageKeys.email_change_token_invalid),
  );
  const result = useRef<HTMLDivElement>(null);

  // The button goes away: the focus moves to what replaced it, which is read out.
  useEffect(() => {
    if (email || failure) result.current?.focus();
  }, [email, failure]);

  const submit = async () => {
    try {
      setEmail(await confirm.mutateAsync(token));
    } catch (error) {
      const refused = apiErrorOf(error)?.details.some((issue) => issue.path === 'token');
      setFailure(
        refused
          ? t(errorMessageKeys.email_change_token_invalid)
          : errorMessage(t, error, t('account.confirmEmail.failed')),
      );
    }
  };

  if (email || failure) {
    return (
      <div ref={result} tabIndex={-1} className="grid gap-4 outline-none">
        {email ? (
          <>
            <Alert variant="success" data-testid="email-confirmed">
              <AlertDescription>{t('account.confirmEmail.done', { email })}</AlertDescription>
            </Alert>
            <Button asChild size="lg" className="w-full">
              <Link to={paths.login.href()}>{t('account.confirmEmail.signIn')}</Link>
            </Button>
          </>
        ) : (
          <ErrorAlert data-testid="email-confirm-refused">{failure}</ErrorAlert>
        )}
      </div>
    );
  }
  return (
    <div className="grid gap-4">
      <p className="text-sm text-muted-foreground">{t('account.confirmEmail.prompt')}</p>
      <Button
        type="button"
        size="lg"
        className="w-full"
        disabled={confirm.isPending}
        onClick={() => void submit()}
        data-testid="confirm-email"
      >
        {confirm.isPending
          ? t('account.confirmEmail.confirming')
          : t('account.confirmEmail.confirm')}
      </Button>
    </div>
  );
}
