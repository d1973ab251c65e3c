import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { QueryProvider } from '@/app/query-provider';
import { AuthLayout } from '@/components/layouts/auth-layout';
import { ErrorAlert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { loginState } from '@/config/login-notes';
import { paths } from '@/config/paths';
import { ResetPasswordForm } from '@/features/auth/components/reset-password-form';
import { errorMessageKeys } from '@/lib/error-messages';

/**
 * The page a reset link opens (`/reset-password?token=…`): a new password, then the login page
 * with a note that it was changed. A link without its token, or one the server refuses (used,
 * expired, replaced by a newer one), says so and offers to ask for a new one.
 */
export function ResetPasswordRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token')?.trim() ?? '';
  const [refusedByServer, setRefusedByServer] = useState(false);
  const refused = !token || refusedByServer;
  const result = useRef<HTMLDivElement>(null);

  // The form goes away: the focus moves to what replaced it, which is read out.
  useEffect(() => {
    if (refusedByServer) result.current?.focus();
  }, [refusedByServer]);

  return (
    <AuthLayout keepSession>
      <Card className="w-full max-w-md">
        <CardHeader className="text-center">
          <CardTitle as="h1" className="text-2xl">
            {refused ? t('auth.reset.refusedTitle') : t('auth.reset.title')}
          </CardTitle>
          {refused ? null : <CardDescription>{t('auth.reset.subtitle')}</CardDescription>}
        </CardHeader>
        <CardContent>
          {refused ? (
            <div ref={result} tabIndex={-1} className="grid gap-6 outline-none">
              <ErrorAlert data-testid="reset-link-refused">
                {t(errorMessageKeys.reset_token_invalid)}
              </ErrorAlert>
              <Button asChild size="lg" className="w-full">
                <Link to={paths.forgotPassword.href()}>{t('auth.reset.requestNew')}</Link>
              </Button>
            </div>
          ) : (
            <QueryProvider>
              <ResetPasswordForm
                token={token}
                onDone={() =>
                  void navigate(paths.login.href(), {
                    replace: true,
                    state: loginState('passwordReset'),
                  })
                }
                onTokenRefused={() => setRefusedByServer(true)}
              />
            </QueryProvider>
          )}
        </CardContent>
      </Card>
    </AuthLayout>
  );
}
