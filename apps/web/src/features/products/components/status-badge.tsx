import type { ProductStatus } from '@seller/contract/limits';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';

const variants = {
  active: 'default',
  inactive: 'secondary',
  deleted: 'destructive',
  pending: 'outline',
} as const;

/** The status as a badge: active default, inactive secondary, deleted destructive (pending outlined). */
export function StatusBadge({ status }: { status: ProductStatus }) {
  const { t } = useTranslation();
  return (
    <Badge variant={variants[status]} data-testid="status-badge" data-status={status}>
      {t(`products.status.${status}`)}
    </Badge>
  );
}
