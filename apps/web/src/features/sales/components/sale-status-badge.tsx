import type { TransactionStatus } from '@seller/contract/sales/get-transactions';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/class-names';

const statusKeys = {
  paid: 'sales.status.paid',
  partially_refunded: 'sales.status.partiallyRefunded',
  refunded: 'sales.status.refunded',
} as const satisfies Record<TransactionStatus, string>;

/**
 * Colour follows what the sale still earns: paid in green, partly refunded in amber, fully
 * refunded (or charged back) in red. The word is always there, so colour is never the only sign.
 */
const statusClasses: Record<TransactionStatus, string> = {
  paid: 'border-success/40 text-success',
  partially_refunded: 'border-warning/50 text-warning-foreground',
  refunded: 'border-destructive/40 text-destructive',
};

/** A sale's status in the seller's words: paid, partially refunded or refunded. */
export function SaleStatusBadge({ status }: { status: TransactionStatus }) {
  const { t } = useTranslation();
  return (
    <Badge
      variant="outline"
      className={cn('bg-transparent', statusClasses[status])}
      data-testid="sale-status"
      data-status={status}
    >
      {t(statusKeys[status])}
    </Badge>
  );
}
