import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { QueryProvider } from '@/app/query-provider';
import { AuthLayout } from '@/components/layouts/auth-layout';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { ConfirmEmailChange } from '@/features/account/components/confirm-email-change';

/** The page an email change link opens (`/confirm-email?token=…`). */
export function ConfirmEmailRoute() {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token')?.trim() ?? '';
  return (
    <AuthLayout keepSession>
      <Card className="w-full max-w-md">
        <CardHeader className="text-center">
          <CardTitle as="h1" className="text-2xl">
            {t('account.confirmEmail.title')}
          </CardTitle>
        </CardHeader>
        <CardContent>
          <QueryProvider>
            <ConfirmEmailChange token={token} />
          </QueryProvider>
        </CardContent>
      </Card>
    </AuthLayout>
  );
}
