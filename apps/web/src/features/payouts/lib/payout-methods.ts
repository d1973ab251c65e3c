import type { PayoutMethod } from '@seller/contract/payouts/payout';

/** The seller's words for each way a payout reaches them. */
export const payoutMethodKeys = {
  alipay: 'payouts.methods.alipay',
  bank: 'payouts.methods.bank',
  paypal: 'payouts.methods.paypal',
} as const satisfies Record<PayoutMethod, string>;
