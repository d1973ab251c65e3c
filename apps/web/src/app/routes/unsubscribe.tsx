import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { QueryProvider } from '@/app/query-provider';
import { AuthLayout } from '@/components/layouts/auth-layout';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { UnsubscribePage } from '@/features/customers/components/unsubscribe-page';

/** /unsubscribe/:token: the page a buyer's mail links to, open to anyone with the link. */
export function UnsubscribeRoute() {
  const { t } = useTranslation();
  const { token = '' } = useParams();
  return (
    <AuthLayout keepSession>
      <Card className="w-full max-w-md">
        <CardHeader className="text-center">
          <CardTitle as="h1" className="text-2xl">
            {t('unsubscribe.title')}
          </CardTitle>
        </CardHeader>
        <CardContent>
          <QueryProvider>
            <UnsubscribePage token={token} />
          </QueryProvider>
        </CardContent>
      </Card>
    </AuthLayout>
  );
}
