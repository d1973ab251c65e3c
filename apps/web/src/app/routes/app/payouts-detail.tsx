import { useParams } from 'react-router';
import { PayoutStatement } from '@/features/payouts/components/payout-statement';

/** /payouts/:payoutId: a payout's statement, printable. */
export function PayoutDetailRoute() {
  const { payoutId = '' } = useParams();
  return <PayoutStatement key={payoutId} payoutId={payoutId} />;
}
