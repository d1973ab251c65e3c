import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/layouts/page-header';
import { ApiTokensCard } from '@/features/developer/components/api-tokens-card';
import { WebhookCard } from '@/features/developer/components/webhook-card';

/** Personal API tokens and the sale webhook, for the seller's own scripts and tools. */
export function DeveloperRoute() {
  const { t } = useTranslation();
  return (
    <div className="mx-auto grid max-w-4xl grid-cols-[minmax(0,1fr)] gap-6">
      <PageHeader title={t('developer.title')} subtitle={t('developer.subtitle')} />
      <ApiTokensCard />
      <WebhookCard />
    </div>
  );
}
