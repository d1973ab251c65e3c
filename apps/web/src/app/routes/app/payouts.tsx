import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { PageHeader } from '@/components/layouts/page-header';
import { usePayoutBalance } from '@/features/payouts/api/get-payout-balance';
import { BalanceCard } from '@/features/payouts/components/balance-card';
import { LedgerSection } from '@/features/payouts/components/ledger-section';
import { PayoutHistory } from '@/features/payouts/components/payout-history';
import { PayoutStatement } from '@/features/payouts/components/payout-statement';
import {
  parsePage,
  parseRange,
  withPage,
  withRange,
} from '@/features/payouts/lib/payouts-search-params';
import { useExchangeRate } from '@/features/products/api/get-exchange-rate';
import { showsYuan } from '@/lib/won-to-yuan';

/**
 * /payouts: the balance and its parts, the payout history and the ledger. The ledger's period
 * and both lists' pages live in the URL (`?from=2026-11-01&to=2026-11-30&ledgerPage=2`).
 * Chinese sellers also see the balance in yuan (the products' exchange-rate query).
 */
export function PayoutsRoute() {
  const { t, i18n } = useTranslation();
  const yuan = showsYuan(i18n.resolvedLanguage);
  const rate = useExchangeRate({ enabled: yuan });
  const balance = usePayoutBalance();
  const [search, setSearch] = useSearchParams();
  return (
    <div className="grid grid-cols-1 gap-6">
      <PageHeader title={t('payouts.title')} subtitle={t('payouts.subtitle')} />
      <BalanceCard
        balance={balance.data}
        isPending={balance.isPending}
        error={balance.error}
        yuanRate={yuan ? rate.data : undefined}
      />
      <PayoutHistory
        page={parsePage(search.get('payoutsPage'))}
        onPageChange={(page) => setSearch((current) => withPage(current, 'payoutsPage', page))}
      />
      <LedgerSection
        range={parseRange(search)}
        page={parsePage(search.get('ledgerPage'))}
        onRangeChange={(range) => setSearch((current) => withRange(current, range))}
        onPageChange={(page) => setSearch((current) => withPage(current, 'ledgerPage', page))}
      />
    </div>
  );
}

/** /payouts/:payoutId: a payout's statement, printable (its code comes with the payouts page). */
export function PayoutDetailRoute() {
  const { payoutId = '' } = useParams();
  return <PayoutStatement key={payoutId} payoutId={payoutId} />;
}
