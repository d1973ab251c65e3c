import { CheckCircle2Icon } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, AlertDescription, ErrorAlert } from '@/components/ui/alert';
import { useProfile } from '@/features/profile/api/get-profile';
import {
  ChangePasswordCard,
  ChangePasswordCardSkeleton,
} from '@/features/profile/components/change-password-card';
import { ProfileCard, ProfileCardSkeleton } from '@/features/profile/components/profile-card';
import type { ProfileNotice } from '@/features/profile/components/profile-notice';

export function ProfileRoute() {
  const { t } = useTranslation();
  const profile = useProfile();
  const [notice, setNotice] = useState<ProfileNotice | null>(null);

  return (
    <div className="mx-auto grid max-w-3xl gap-6">
      <header className="grid gap-1">
        <h1 className="text-3xl font-bold tracking-tight">{t('profile.title')}</h1>
        <p className="text-muted-foreground">{t('profile.subtitle')}</p>
      </header>

      {notice?.kind === 'success' ? (
        <Alert variant="success" data-testid="success-banner">
          <CheckCircle2Icon aria-hidden="true" />
          <AlertDescription>{notice.text}</AlertDescription>
        </Alert>
      ) : null}
      {notice?.kind === 'error' ? (
        <ErrorAlert data-testid="error-banner">{notice.text}</ErrorAlert>
      ) : null}
      {profile.isError ? (
        <ErrorAlert data-testid="load-error-banner">{t('profile.loadFailed')}</ErrorAlert>
      ) : null}

      {profile.isPending ? (
        <>
          <ProfileCardSkeleton />
          <ChangePasswordCardSkeleton />
        </>
      ) : null}
      {profile.data ? (
        <>
          <ProfileCard profile={profile.data} onNotice={setNotice} />
          <ChangePasswordCard email={profile.data.email} onNotice={setNotice} />
        </>
      ) : null}
    </div>
  );
}
