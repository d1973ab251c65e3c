import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageHeader } from '@/components/layouts/page-header';
import { AnalyticsPage } from '@/features/analytics/components/analytics-page';
import { parsePeriod } from '@/features/analytics/lib/analytics-period';

/** /analytics: where the sales come from; the period lives in the URL (`?days=90`). */
export function AnalyticsRoute() {
  const { t } = useTranslation();
  const [search, setSearch] = useSearchParams();
  return (
    <div className="grid grid-cols-1 gap-6">
      <PageHeader title={t('analytics.title')} subtitle={t('analytics.subtitle')} />
      <AnalyticsPage
        period={parsePeriod(search.get('days'))}
        onPeriodChange={(days) =>
          setSearch((current) => {
            const next = new URLSearchParams(current);
            next.set('days', String(days));
            return next;
          })
        }
      />
    </div>
  );
}
