import { CheckCircle2Icon } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { QueryProvider } from '@/app/query-provider';
import { AuthLayout } from '@/components/layouts/auth-layout';
import { Alert, AlertDescription, ErrorAlert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { paths } from '@/config/paths';
import { ResetPasswordForm } from '@/features/auth/components/reset-password-form';
import { errorMessageKeys } from '@/lib/error-messages';

type Outcome = { kind: 'form' } | { kind: 'done' } | { kind: 'refused'; message: string };

/**
 * The page a reset link opens (`/reset-password?token=…`): a new password; then the way back
 * to the login page. A link without its token, or one the server refuses (used, expired,
 * replaced by a newer one), says so and offers to ask for a new one.
 */
export function ResetPasswordRoute() {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token')?.trim() ?? '';
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'form' });
  const shown: Outcome = token
    ? outcome
    : { kind: 'refused', message: t(errorMessageKeys.reset_token_invalid) };
  const result = useRef<HTMLDivElement>(null);

  // The form goes away: the focus moves to what replaced it, which is read out.
  useEffect(() => {
    if (outcome.kind !== 'form') result.current?.focus();
  }, [outcome]);

  const titles: Record<Outcome['kind'], string> = {
    form: t('auth.reset.title'),
    done: t('auth.reset.doneTitle'),
    refused: t('auth.reset.refusedTitle'),
  };

  return (
    <AuthLayout keepSession>
      <Card className="w-full max-w-md">
        <CardHeader className="text-center">
          <CardTitle as="h1" className="text-2xl">
            {titles[shown.kind]}
          </CardTitle>
          {shown.kind === 'form' ? (
            <CardDescription>{t('auth.reset.subtitle')}</CardDescription>
          ) : null}
        </CardHeader>
        <CardContent>
          {shown.kind === 'form' ? (
            <QueryProvider>
              <ResetPasswordForm
                token={token}
                onDone={() => setOutcome({ kind: 'done' })}
                onTokenRefused={(message) => setOutcome({ kind: 'refused', message })}
              />
            </QueryProvider>
          ) : (
            <div ref={result} tabIndex={-1} className="grid gap-6 outline-none">
              {shown.kind === 'done' ? (
                <Alert variant="success" data-testid="password-reset-done">
                  <CheckCircle2Icon aria-hidden="true" />
                  <AlertDescription>{t('auth.reset.done')}</AlertDescription>
                </Alert>
              ) : (
                <ErrorAlert data-testid="reset-link-refused">{shown.message}</ErrorAlert>
              )}
              <Button asChild size="lg" className="w-full">
                {shown.kind === 'done' ? (
                  <Link to={paths.login.href()} replace>
                    {t('auth.reset.login')}
                  </Link>
                ) : (
                  <Link to={paths.forgotPassword.href()}>{t('auth.reset.requestNew')}</Link>
                )}
              </Button>
            </div>
          )}
        </CardContent>
      </Card>
    </AuthLayout>
  );
}
