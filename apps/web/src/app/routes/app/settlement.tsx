import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '@/components/ui/alert';
import { Skeleton } from '@/components/ui/skeleton';
import { useSettlementInfo } from '@/features/settlement/api/get-settlement-info';
import { SettlementForm } from '@/features/settlement/components/settlement-form';
import { isApiError } from '@/lib/api-client';

export function SettlementRoute() {
  const { t } = useTranslation();
  const info = useSettlementInfo();
  return (
    <div className="mx-auto grid max-w-3xl gap-6">
      <header className="grid gap-1">
        <h1 className="text-3xl font-bold tracking-tight">{t('settlement.title')}</h1>
        <p className="text-muted-foreground">{t('settlement.subtitle')}</p>
      </header>
      {info.isError ? (
        <ErrorAlert data-testid="settlement-load-error">
          {(isApiError(info.error) && info.error.serverMessage) || t('settlement.loadFailed')}
        </ErrorAlert>
      ) : null}
      {!info.isError && !info.isFetchedAfterMount ? (
        <Skeleton className="h-96 w-full rounded-xl" />
      ) : null}
      {info.data && info.isFetchedAfterMount ? <SettlementForm info={info.data} /> : null}
    </div>
  );
}
