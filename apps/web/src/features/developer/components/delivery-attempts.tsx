import type { WebhookDeliveryAttempt } from '@seller/contract/developer/webhook';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@/lib/format-date';

/**
 * Every attempt of a delivery, oldest first, behind its count: when it went, the receiver's
 * answer (or none), how long it took and why it failed. A 500 before a retry that succeeded
 * stays in the list.
 */
export function DeliveryAttempts({ attempts }: { attempts: readonly WebhookDeliveryAttempt[] }) {
  const { t, i18n } = useTranslation();
  if (attempts.length === 0) return <span data-testid="delivery-attempts-count">0</span>;
  return (
    <details className="inline-block text-left" data-testid="delivery-attempts">
      <summary className="cursor-pointer tabular-nums" data-testid="delivery-attempts-count">
        {attempts.length}
      </summary>
      <ol className="mt-1 grid gap-1 text-xs">
        {attempts.map((attempt) => (
          <li
            key={attempt.at}
            className="flex flex-wrap gap-x-2 tabular-nums"
            data-testid="delivery-attempt"
          >
            <time dateTime={attempt.at}>{formatDateTime(attempt.at, i18n.resolvedLanguage)}</time>
            <span className="font-mono" data-testid="delivery-attempt-status">
              {attempt.statusCode ?? t('developer.deliveries.noAnswer')}
            </span>
            <span>{t('developer.deliveries.durationMs', { ms: attempt.durationMs })}</span>
            {attempt.error ? (
              <span className="break-all text-muted-foreground">{attempt.error}</span>
            ) : null}
          </li>
        ))}
      </ol>
    </details>
  );
}
