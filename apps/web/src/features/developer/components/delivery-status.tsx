import type { WebhookDelivery } from '@seller/contract/developer/webhook';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/class-names';

const statusKeys = {
  pending: 'developer.deliveries.statuses.pending',
  succeeded: 'developer.deliveries.statuses.succeeded',
  failed: 'developer.deliveries.statuses.failed',
} as const satisfies Record<WebhookDelivery['status'], string>;

/** A delivery's state in words, and the receiver's last HTTP status beside it. */
export function DeliveryStatus({ delivery }: { delivery: WebhookDelivery }) {
  const { t } = useTranslation();
  return (
    <span
      className="inline-flex items-center gap-2"
      title={delivery.error ?? undefined}
      data-testid="delivery-status"
    >
      <Badge
        variant={delivery.status === 'failed' ? 'destructive' : 'outline'}
        className={cn(delivery.status === 'succeeded' && 'border-success/40 text-success')}
        data-status={delivery.status}
      >
        {t(statusKeys[delivery.status])}
      </Badge>
      <span className="font-mono tabular-nums" data-testid="delivery-status-code">
        {delivery.statusCode ?? '—'}
      </span>
    </span>
  );
}
