import type { TransactionStatus } from '@seller/contract/sales/get-transactions';

/** A sale's state after its refunds and chargebacks (docs/product-rules.md). */
export function transactionStatus(amount: number, refundedAmount: number): TransactionStatus {
  if (refundedAmount <= 0) return 'paid';
  return refundedAmount < amount ? 'partially_refunded' : 'refunded';
}
