import { ExternalLinkIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { AuthLayout } from '@/components/layouts/auth-layout';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { env } from '@/config/env';
import type { LoginNoteState } from '@/config/login-notes';
import { paths } from '@/config/paths';
import { startSellerSession } from '@/features/auth/api/start-seller-session';
import { LoginForm } from '@/features/auth/components/login-form';

export function LoginRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  // Another screen's last step may send the seller here with a note (router state).
  const state: Partial<LoginNoteState> | null = useLocation().state;
  return (
    <AuthLayout>
      <Card className="w-full max-w-md">
        <CardHeader className="text-center">
          <CardTitle as="h1" className="text-2xl">
            {t('auth.login.title')}
          </CardTitle>
          <CardDescription>{t('auth.login.subtitle')}</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-6">
          {state?.loginNote === 'passwordReset' ? (
            <Alert variant="success">
              <AlertDescription>{t('auth.reset.done')}</AlertDescription>
            </Alert>
          ) : null}
          {state?.loginNote === 'accountDeleted' ? (
            <Alert variant="success" data-testid="account-deleted-note">
              <AlertDescription>{t('account.delete.done')}</AlertDescription>
            </Alert>
          ) : null}
          <LoginForm
            onSuccess={(token) => {
              startSellerSession(token);
              void navigate(paths.home.href(), { replace: true });
            }}
          />
          <div className="flex items-center gap-3 text-xs text-muted-foreground uppercase">
            <span className="h-px flex-1 bg-border" />
            <span>{t('common.or')}</span>
            <span className="h-px flex-1 bg-border" />
          </div>
          <div className="grid gap-2">
            <Button variant="outline" size="lg" asChild className="w-full">
              <a href={env.memberSiteUrl} rel="noopener" data-testid="member-site-link">
                {t('auth.login.memberSite')}
                <ExternalLinkIcon aria-hidden="true" />
              </a>
            </Button>
            <p className="text-center text-xs text-muted-foreground">
              {t('auth.login.memberSiteHint')}
            </p>
          </div>
          <p className="text-center text-sm text-muted-foreground">
            {t('auth.login.noAccount')}{' '}
            <Link
              to={paths.signup.href()}
              className="font-medium text-primary underline-offset-4 hover:underline"
            >
              {t('auth.login.signupLink')}
            </Link>
          </p>
        </CardContent>
      </Card>
    </AuthLayout>
  );
}
