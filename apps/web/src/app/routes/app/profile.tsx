import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/layouts/page-header';
import { type Notice, NoticeAlert } from '@/components/notice-alert';
import { ErrorAlert } from '@/components/ui/alert';
import { useProfile } from '@/features/profile/api/get-profile';
import {
  ChangePasswordCard,
  ChangePasswordCardSkeleton,
} from '@/features/profile/components/change-password-card';
import { ProfileCard, ProfileCardSkeleton } from '@/features/profile/components/profile-card';
import { SaleNotificationsCard } from '@/features/profile/components/sale-notifications-card';
import { SecurityCard, SecurityCardSkeleton } from '@/features/profile/components/security-card';
import { useDrawnLater } from '@/lib/use-drawn-later';

export function ProfileRoute() {
  const { t } = useTranslation();
  const profile = useProfile();
  const drawn = useDrawnLater(profile);
  const [notice, setNotice] = useState<Notice | null>(null);

  return (
    <div className="mx-auto grid max-w-3xl grid-cols-[minmax(0,1fr)] gap-6">
      <PageHeader title={t('profile.title')} subtitle={t('profile.subtitle')} />

      <NoticeAlert notice={notice} testIds={{ success: 'success-banner', error: 'error-banner' }} />
      {profile.isError ? (
        <ErrorAlert data-testid="load-error-banner">{t('profile.loadFailed')}</ErrorAlert>
      ) : null}

      {drawn.isPending ? (
        <>
          <ProfileCardSkeleton />
          <ChangePasswordCardSkeleton />
          <SecurityCardSkeleton />
        </>
      ) : null}
      {drawn.data ? (
        <>
          <ProfileCard profile={drawn.data} onNotice={setNotice} />
          <ChangePasswordCard email={drawn.data.email} onNotice={setNotice} />
          <SecurityCard profile={drawn.data} onNotice={setNotice} />
          <SaleNotificationsCard />
        </>
      ) : null}
    </div>
  );
}
