import type { PayoutBalance } from '@seller/contract/payouts/get-payout-balance';
import type { ExchangeRate } from '@seller/contract/products/get-exchange-rate';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '@/components/ui/alert';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { YuanApproximation } from '@/components/yuan-approximation';
import { cn } from '@/lib/class-names';
import { errorMessage } from '@/lib/error-messages';
import { formatKrwAmount } from '@/lib/format';
import { formatLongDate } from '@/lib/format-date';

type Part = 'sales' | 'commission' | 'refunds' | 'payouts';

/** What each total does to the balance: sales add to it, the rest take from it. */
const parts: readonly { part: Part; sign: 1 | -1 }[] = [
  { part: 'sales', sign: 1 },
  { part: 'commission', sign: -1 },
  { part: 'refunds', sign: -1 },
  { part: 'payouts', sign: -1 },
];

/**
 * The balance, large, with the four totals it is made of (sales, less commission, refunds and
 * payouts). A balance below zero (a refund after a payout) is shown as such, in red, with a
 * line saying why. Its place is kept while it loads.
 */
export function BalanceCard({
  balance,
  isPending,
  error,
  yuanRate,
}: {
  balance: PayoutBalance | undefined;
  isPending: boolean;
  error: Error | null;
  yuanRate: ExchangeRate | undefined;
}) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage;
  const negative = balance !== undefined && balance.balance < 0;
  return (
    <Card className="gap-4" data-testid="balance-card" aria-busy={isPending}>
      <CardHeader>
        <CardTitle>{t('payouts.balance.title')}</CardTitle>
        <CardDescription>{t('payouts.balance.description')}</CardDescription>
      </CardHeader>
      <CardContent className="grid grid-cols-1 gap-4">
        {error && !balance ? (
          <ErrorAlert data-testid="balance-error">
            {errorMessage(t, error, t('payouts.balance.loadFailed'))}
          </ErrorAlert>
        ) : (
          <>
            <div className="grid gap-1">
              {balance ? (
                <p
                  className={cn(
                    'text-4xl font-bold tabular-nums wrap-anywhere',
                    negative && 'text-destructive',
                  )}
                  data-testid="balance-amount"
                >
                  {formatKrwAmount(balance.balance, language)}
                </p>
              ) : (
                <Skeleton className="h-10 w-56" />
              )}
              {balance ? <YuanApproximation won={balance.balance} rate={yuanRate} /> : null}
              <p className="min-h-5 text-sm text-muted-foreground" data-testid="last-payout">
                {balance
                  ? balance.lastPayoutAt
                    ? t('payouts.balance.lastPayout', {
                        date: formatLongDate(balance.lastPayoutAt, language),
                      })
                    : t('payouts.balance.noPayout')
                  : null}
              </p>
              {negative ? (
                <p className="text-sm text-destructive" data-testid="balance-negative">
                  {t('payouts.balance.negative')}
                </p>
              ) : null}
            </div>
            <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
              {parts.map(({ part, sign }) => (
                <div
                  key={part}
                  className="grid min-w-0 gap-0.5 rounded-lg border px-3 py-2.5"
                  data-testid={`balance-${part}`}
                >
                  {/* Long words (Remboursements) may break on the narrowest phones. */}
                  <dt className="text-sm hyphens-auto wrap-break-word text-muted-foreground">
                    {t(`payouts.balance.${part}`)}
                  </dt>
                  <dd
                    className="font-semibold tabular-nums wrap-anywhere"
                    data-testid="part-amount"
                  >
                    {balance ? (
                      formatKrwAmount(sign * balance.totals[part], language)
                    ) : (
                      <Skeleton className="h-6 w-24" />
                    )}
                  </dd>
                </div>
              ))}
            </dl>
          </>
        )}
      </CardContent>
    </Card>
  );
}
