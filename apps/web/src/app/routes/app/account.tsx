import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageHeader } from '@/components/layouts/page-header';
import { ErrorAlert } from '@/components/ui/alert';
import { SkeletonStack } from '@/components/ui/skeleton';
import { loginState } from '@/config/login-notes';
import { paths } from '@/config/paths';
import { DataExportCard } from '@/features/account-data/components/data-export-card';
import { DeleteAccountCard } from '@/features/account-data/components/delete-account-card';
import { useProfile } from '@/features/profile/api/get-profile';

/** The seller's data and account: a copy of everything, or deleting the account for good. */
export function AccountRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const profile = useProfile();
  return (
    <div className="mx-auto grid max-w-3xl grid-cols-[minmax(0,1fr)] gap-6">
      <PageHeader title={t('account.dataTitle')} subtitle={t('account.dataSubtitle')} />
      <DataExportCard />
      {profile.isError ? <ErrorAlert>{t('profile.loadFailed')}</ErrorAlert> : null}
      {profile.isPending ? <SkeletonStack bars={['h-6 w-48', 'h-24 w-full', 'h-10 w-40']} /> : null}
      {profile.data ? (
        <DeleteAccountCard
          account={profile.data}
          onDeleted={() =>
            void navigate(paths.login.href(), {
              replace: true,
              state: loginState('accountDeleted'),
            })
          }
        />
      ) : null}
    </div>
  );
}
