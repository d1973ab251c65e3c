import type { ExchangeRate } from '@seller/contract/products/get-exchange-rate';
import { useTranslation } from 'react-i18next';
import { ExchangeRateAgeWarning } from '@/components/exchange-rate-note';
import { cn } from '@/lib/class-names';
import { formatMoney } from '@/lib/format';
import { wonToYuan } from '@/lib/won-to-yuan';

/**
 * `约 36,000元` after a won amount, at `rate` (given only to Chinese sellers, see
 * `showsYuan`); nothing without a rate.
 */
export function YuanApproximation({
  won,
  rate,
  className,
}: {
  won: number;
  rate: ExchangeRate | undefined;
  className?: string;
}) {
  const { t, i18n } = useTranslation();
  if (!rate) return null;
  const yuan = wonToYuan(won, rate);
  // Tenths of a yuan say nothing beside a total of thousands.
  const amount = formatMoney(
    Math.abs(yuan) >= 1000 ? Math.round(yuan) : yuan,
    'CNY',
    i18n.resolvedLanguage,
  );
  return (
    <span
      className={cn('text-sm font-normal text-muted-foreground tabular-nums', className)}
      data-testid="approx-cny"
    >
      {t('exchangeRate.approx', { amount })}
    </span>
  );
}

/** Which rate a screen's yuan amounts use, and a warning when it is more than a week old. */
export function YuanRateNote({ rate }: { rate: ExchangeRate | undefined }) {
  const { t } = useTranslation();
  if (!rate) return null;
  return (
    <div className="grid gap-1 text-xs text-muted-foreground" data-testid="yuan-rate-note">
      <p>{t('exchangeRate.yuanNote', { date: rate.date })}</p>
      <ExchangeRateAgeWarning date={rate.date} />
    </div>
  );
}
