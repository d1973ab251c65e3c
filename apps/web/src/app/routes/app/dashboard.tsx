import { useTranslation } from 'react-i18next';
import { Skeleton } from '@/components/ui/skeleton';
import { useProfile } from '@/features/profile/api/get-profile';

export function DashboardRoute() {
  const { t } = useTranslation();
  const profile = useProfile();
  const name = profile.data?.nickname;
  return (
    <section className="grid gap-2">
      {profile.isPending ? (
        <Skeleton className="h-9 w-64" />
      ) : (
        <h1 className="text-3xl font-bold tracking-tight" data-testid="welcome">
          {name ? t('dashboard.welcome', { name }) : t('dashboard.welcomeAnonymous')}
        </h1>
      )}
      <p className="text-muted-foreground">{t('dashboard.subtitle')}</p>
    </section>
  );
}
