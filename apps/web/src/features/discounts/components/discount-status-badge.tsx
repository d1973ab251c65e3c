import type { DiscountStatus } from '@seller/contract/discounts/discount';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';

const variants = {
  active: 'default',
  scheduled: 'secondary',
  expired: 'outline',
  used_up: 'outline',
  archived: 'outline',
} as const satisfies Record<DiscountStatus, 'default' | 'secondary' | 'outline'>;

/** A code's status in the seller's language. */
export function DiscountStatusBadge({ status }: { status: DiscountStatus }) {
  const { t } = useTranslation();
  return (
    <Badge variant={variants[status]} data-testid="discount-status">
      {t(`discounts.status.${status}`)}
    </Badge>
  );
}
