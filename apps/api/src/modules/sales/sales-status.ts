import type { TransactionStatus } from '@seller/contract/sales/get-transactions';
import { isFullyRefunded } from '../../db/sale-rows.ts';

/** A sale's state after its refunds and chargebacks (docs/product-rules.md). */
export function transactionStatus(amount: number, refundedAmount: number): TransactionStatus {
  if (refundedAmount <= 0) return 'paid';
  return isFullyRefunded({ amount, refundedAmount }) ? 'refunded' : 'partially_refunded';
}
