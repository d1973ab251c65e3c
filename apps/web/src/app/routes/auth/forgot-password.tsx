import { MailCheckIcon } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { QueryProvider } from '@/app/query-provider';
import { AuthLayout } from '@/components/layouts/auth-layout';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { paths } from '@/config/paths';
import { ForgotPasswordForm } from '@/features/auth/components/forgot-password-form';

/**
 * Asking for a reset link. The confirmation is the same whether or not an account has the
 * address (the server does not tell either).
 */
export function ForgotPasswordRoute() {
  const { t } = useTranslation();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const confirmation = useRef<HTMLDivElement>(null);

  // The form goes away: the focus moves to what replaced it, which is read out.
  useEffect(() => {
    if (sentTo) confirmation.current?.focus();
  }, [sentTo]);

  return (
    <AuthLayout keepSession>
      <Card className="w-full max-w-md">
        <CardHeader className="text-center">
          <CardTitle as="h1" className="text-2xl">
            {sentTo ? t('auth.forgot.sentTitle') : t('auth.forgot.title')}
          </CardTitle>
          {sentTo ? null : <CardDescription>{t('auth.forgot.subtitle')}</CardDescription>}
        </CardHeader>
        <CardContent className="grid gap-6">
          {sentTo ? (
            <div ref={confirmation} tabIndex={-1} className="outline-none">
              <Alert variant="success" data-testid="reset-link-sent">
                <MailCheckIcon aria-hidden="true" />
                <AlertDescription className="gap-2">
                  <p className="break-words">{t('auth.forgot.sent', { email: sentTo })}</p>
                  <p className="text-muted-foreground">{t('auth.forgot.sentHint')}</p>
                </AlertDescription>
              </Alert>
            </div>
          ) : (
            <QueryProvider>
              <ForgotPasswordForm onSent={setSentTo} />
            </QueryProvider>
          )}
          <p className="text-center text-sm">
            <Link
              to={paths.login.href()}
              className="font-medium text-primary underline-offset-4 hover:underline"
            >
              {t('auth.forgot.backToLogin')}
            </Link>
          </p>
        </CardContent>
      </Card>
    </AuthLayout>
  );
}
