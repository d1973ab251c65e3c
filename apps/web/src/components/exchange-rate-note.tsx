import { TriangleAlertIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/class-names';
import { rateAgeDays, staleRateDays } from '@/lib/exchange-rate-age';
import { formatCount } from '@/lib/format';

/**
 * Beside amounts converted at the rate of `date` (`yyyy-MM-dd`): a warning when that rate is
 * more than a week old, nothing otherwise.
 */
export function ExchangeRateAgeWarning({ date, className }: { date: string; className?: string }) {
  const { t } = useTranslation();
  const days = rateAgeDays(date);
  if (days === undefined || days <= staleRateDays) return null;
  return (
    <span
      className={cn('flex items-start gap-1.5 text-xs text-warning-foreground', className)}
      data-testid="rate-stale-warning"
    >
      <TriangleAlertIcon className="mt-px size-3.5 shrink-0" aria-hidden="true" />
      <span>{t('exchangeRate.stale', { days: formatCount(days) })}</span>
    </span>
  );
}
