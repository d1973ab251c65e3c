import type { MarketingConsent } from '@seller/contract/customers/customer';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';

/** A buyer's consent to marketing mail, in words. */
export function ConsentBadge({ consent }: { consent: MarketingConsent }) {
  const { t } = useTranslation();
  return (
    <Badge variant={consent === 'granted' ? 'default' : 'outline'} data-testid="consent-badge">
      {t(`customers.consent.${consent}`)}
    </Badge>
  );
}
