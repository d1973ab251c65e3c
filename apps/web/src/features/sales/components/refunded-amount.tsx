import type { ExchangeRate } from '@seller/contract/products/get-exchange-rate';
import { useTranslation } from 'react-i18next';
import { YuanApproximation } from '@/components/yuan-approximation';
import { cn } from '@/lib/class-names';
import { formatKrwAmount } from '@/lib/format';

/**
 * What refunds and chargebacks took back of a sale, under its amount (in yuan too for Chinese
 * sellers); nothing for a sale without refunds.
 */
export function RefundedAmount({
  won,
  rate,
  className,
}: {
  won: number;
  rate: ExchangeRate | undefined;
  className?: string;
}) {
  const { t, i18n } = useTranslation();
  if (won <= 0) return null;
  return (
    <span
      className={cn('grid text-xs font-normal text-destructive tabular-nums', className)}
      data-testid="refunded-amount"
    >
      {t('sales.transactions.refundedAmount', {
        amount: formatKrwAmount(won, i18n.resolvedLanguage),
      })}
      <YuanApproximation won={won} rate={rate} className="text-xs" />
    </span>
  );
}
