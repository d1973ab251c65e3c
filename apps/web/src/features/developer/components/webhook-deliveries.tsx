import type { WebhookDelivery } from '@seller/contract/developer/webhook';
import { RefreshCwIcon, SendIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { CardFacts, CardList, CardListItem } from '@/components/card-list';
import { DataTable } from '@/components/data-table';
import { ErrorAlert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { TableCell, TableRow } from '@/components/ui/table';
import { errorMessage } from '@/lib/error-messages';
import { formatDateTime } from '@/lib/format-date';
import { useWebhookDeliveries } from '../api/get-webhook-deliveries';
import { useResendWebhookDelivery } from '../api/resend-webhook-delivery';
import { DeliveryAttempts } from './delivery-attempts';
import { DeliveryStatus } from './delivery-status';

/**
 * The delivery log, newest first (the server keeps the last 100): when, which event, the
 * receiver's answer, how long it took, every attempt so far and the next retry, with a resend
 * for each. A table on wide screens, a list of cards on phones.
 */
export function WebhookDeliveries({ canResend }: { canResend: boolean }) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage;
  const deliveries = useWebhookDeliveries();
  const resend = useResendWebhookDelivery({
    onSuccess: () => toast.success(t('developer.deliveries.resent')),
    onError: (error) => toast.error(errorMessage(t, error, t('developer.deliveries.resendFailed'))),
  });
  const rows = deliveries.data ?? [];
  const placeholders = {
    loading: { text: t('developer.deliveries.loading'), testId: 'deliveries-loading' },
    empty: { text: t('developer.deliveries.empty'), testId: 'deliveries-empty' },
  };
  const dash = '—';
  const time = (value: string | null) =>
    value ? <time dateTime={value}>{formatDateTime(value, language)}</time> : dash;
  const duration = (delivery: WebhookDelivery) =>
    delivery.durationMs === null
      ? dash
      : t('developer.deliveries.durationMs', { ms: delivery.durationMs });
  const resendButton = (delivery: WebhookDelivery) =>
    canResend ? (
      <Button
        type="button"
        variant="outline"
        size="sm"
        disabled={resend.isPending && resend.variables === delivery.id}
        onClick={() => resend.mutate(delivery.id)}
        data-testid="resend-delivery"
      >
        <SendIcon aria-hidden="true" />
        {t('developer.deliveries.resend')}
      </Button>
    ) : null;

  return (
    <section
      aria-labelledby="webhook-deliveries-title"
      aria-busy={deliveries.isPending}
      className="grid min-w-0 gap-3"
      data-testid="webhook-deliveries"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="grid gap-0.5">
          <h3 id="webhook-deliveries-title" className="font-semibold">
            {t('developer.deliveries.title')}
          </h3>
          <p className="text-sm text-muted-foreground">{t('developer.deliveries.description')}</p>
        </div>
        <Button
          type="button"
          variant="ghost"
          size="sm"
          onClick={() => void deliveries.refetch()}
          disabled={deliveries.isFetching}
          data-testid="refresh-deliveries"
        >
          <RefreshCwIcon aria-hidden="true" />
          {t('developer.deliveries.refresh')}
        </Button>
      </div>

      {deliveries.isError ? (
        <ErrorAlert data-testid="deliveries-load-error">
          {errorMessage(t, deliveries.error, t('developer.deliveries.loadFailed'))}
        </ErrorAlert>
      ) : (
        <>
          <div className="hidden rounded-lg border md:block">
            <DataTable
              data-testid="deliveries-table"
              columns={[
                { id: 'time', header: t('developer.deliveries.time') },
                { id: 'event', header: t('developer.deliveries.event') },
                { id: 'status', header: t('developer.deliveries.status') },
                {
                  id: 'duration',
                  header: t('developer.deliveries.duration'),
                  className: 'text-right',
                },
                {
                  id: 'attempts',
                  header: t('developer.deliveries.attempts'),
                  className: 'text-right',
                },
                { id: 'next', header: t('developer.deliveries.nextRetry') },
                {
                  id: 'actions',
                  header: <span className="sr-only">{t('developer.deliveries.actions')}</span>,
                },
              ]}
              loading={deliveries.isPending}
              rowCount={rows.length}
              placeholders={placeholders}
            >
              {rows.map((delivery) => (
                <TableRow
                  key={delivery.id}
                  data-testid="delivery-row"
                  data-delivery-status={delivery.status}
                  data-attempted={delivery.attempts.length > 0}
                >
                  <TableCell className="tabular-nums">{time(delivery.createdAt)}</TableCell>
                  <TableCell className="font-mono text-xs" data-testid="delivery-event">
                    {delivery.event}
                  </TableCell>
                  <TableCell>
                    <DeliveryStatus delivery={delivery} />
                  </TableCell>
                  <TableCell className="text-right tabular-nums">{duration(delivery)}</TableCell>
                  <TableCell className="text-right">
                    <DeliveryAttempts attempts={delivery.attempts} />
                  </TableCell>
                  <TableCell className="tabular-nums">{time(delivery.nextAttemptAt)}</TableCell>
                  <TableCell className="text-right">{resendButton(delivery)}</TableCell>
                </TableRow>
              ))}
            </DataTable>
          </div>

          <div className="md:hidden" data-testid="deliveries-cards">
            <CardList
              loading={deliveries.isPending}
              rowCount={rows.length}
              placeholders={placeholders}
            >
              {rows.map((delivery) => (
                <CardListItem
                  key={delivery.id}
                  data-testid="delivery-card"
                  data-delivery-status={delivery.status}
                  data-attempted={delivery.attempts.length > 0}
                >
                  <div className="flex flex-wrap items-center justify-between gap-2">
                    <span className="font-mono text-xs break-all" data-testid="delivery-event">
                      {delivery.event}
                    </span>
                    <DeliveryStatus delivery={delivery} />
                  </div>
                  <CardFacts
                    facts={[
                      {
                        label: t('developer.deliveries.time'),
                        value: time(delivery.createdAt),
                        className: 'tabular-nums',
                      },
                      {
                        label: t('developer.deliveries.duration'),
                        value: duration(delivery),
                        className: 'tabular-nums',
                      },
                      {
                        label: t('developer.deliveries.attempts'),
                        value: <DeliveryAttempts attempts={delivery.attempts} />,
                      },
                      {
                        label: t('developer.deliveries.nextRetry'),
                        value: time(delivery.nextAttemptAt),
                        className: 'tabular-nums',
                      },
                    ]}
                  />
                  {canResend ? (
                    <div className="flex justify-end">{resendButton(delivery)}</div>
                  ) : null}
                </CardListItem>
              ))}
            </CardList>
          </div>
        </>
      )}
    </section>
  );
}
