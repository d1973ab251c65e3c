import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/layouts/page-header';
import { ErrorAlert } from '@/components/ui/alert';
import { Skeleton } from '@/components/ui/skeleton';
import { ActivityCard } from '@/features/account/components/activity-card';
import { EmailChangeCard } from '@/features/account/components/email-change-card';
import { SessionsCard } from '@/features/account/components/sessions-card';
import { useProfile } from '@/features/profile/api/get-profile';

/** Where the seller's account is signed in, what happened to it, and its email address. */
export function SecurityRoute() {
  const { t } = useTranslation();
  const profile = useProfile();
  return (
    <div className="mx-auto grid max-w-4xl grid-cols-[minmax(0,1fr)] gap-6">
      <PageHeader title={t('account.title')} subtitle={t('account.subtitle')} />
      <SessionsCard />
      <ActivityCard />
      {profile.isError ? (
        <ErrorAlert data-testid="profile-load-error">{t('profile.loadFailed')}</ErrorAlert>
      ) : profile.data ? (
        <EmailChangeCard
          email={profile.data.email}
          twoFactorEnabled={profile.data.twoFactorEnabled}
        />
      ) : (
        <Skeleton className="h-72 w-full" aria-hidden="true" />
      )}
    </div>
  );
}
