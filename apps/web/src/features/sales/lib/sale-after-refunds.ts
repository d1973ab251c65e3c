import type { SaleRefund } from '@seller/contract/sales/get-sale';
import type { Transaction } from '@seller/contract/sales/get-transactions';

/** What is left of a sale once its refunds and chargebacks are taken off, in won. */
export interface SaleAfterRefunds {
  /** What the buyer still pays: the price less what was refunded. */
  left: number;
  /** The commission still kept: the sale's less what the refunds gave back. */
  commissionKept: number;
  /** What the seller still earns: the sale's net less the refunds' nets. */
  netLeft: number;
}

/**
 * A sale after its refunds, as the ledger counts it (docs/product-rules.md, "Refunds and
 * chargebacks"): a sale charged back in full leaves nothing.
 */
export function saleAfterRefunds(
  sale: Pick<
    Transaction,
    'purchase_price' | 'commission_amount' | 'net_amount' | 'refunded_amount'
  >,
  refunds: readonly Pick<SaleRefund, 'commissionReturned' | 'netAmount'>[],
): SaleAfterRefunds {
  const commissionReturned = refunds.reduce((sum, refund) => sum + refund.commissionReturned, 0);
  const netRefunded = refunds.reduce((sum, refund) => sum + refund.netAmount, 0);
  return {
    left: sale.purchase_price - sale.refunded_amount,
    commissionKept: sale.commission_amount - commissionReturned,
    netLeft: sale.net_amount - netRefunded,
  };
}
