import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/layouts/page-header';
import { ErrorAlert } from '@/components/ui/alert';
import { Skeleton } from '@/components/ui/skeleton';
import { useSettlementInfo } from '@/features/settlement/api/get-settlement-info';
import { SettlementForm } from '@/features/settlement/components/settlement-form';
import { errorMessage } from '@/lib/error-messages';
import { useDrawnLater } from '@/lib/use-drawn-later';

export function SettlementRoute() {
  const { t } = useTranslation();
  const info = useSettlementInfo();
  // The form starts from the details as they are now, not as a cache kept them.
  const drawn = useDrawnLater({
    data: info.isFetchedAfterMount ? info.data : undefined,
    isPending: !info.isFetchedAfterMount,
  });
  return (
    <div className="mx-auto grid max-w-3xl gap-6">
      <PageHeader title={t('settlement.title')} subtitle={t('settlement.subtitle')} />
      {info.isError ? (
        <ErrorAlert data-testid="settlement-load-error">
          {errorMessage(t, info.error, t('settlement.loadFailed'))}
        </ErrorAlert>
      ) : null}
      {!info.isError && drawn.isPending ? <Skeleton className="h-96 w-full rounded-xl" /> : null}
      {drawn.data ? <SettlementForm info={drawn.data} /> : null}
    </div>
  );
}
