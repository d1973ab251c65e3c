import type { LedgerQuery } from '@seller/contract/payouts/get-ledger';

/** Query keys of the seller's balance, ledger and payouts; `all` covers every one of them. */
export const payoutKeys = {
  all: ['payouts'] as const,
  balance: () => [...payoutKeys.all, 'balance'] as const,
  ledger: (query: LedgerQuery) => [...payoutKeys.all, 'ledger', query] as const,
  list: (page: number) => [...payoutKeys.all, 'list', page] as const,
  detail: (id: string) => [...payoutKeys.all, 'detail', id] as const,
};
