/** Query keys of the seller's products, exchange rate and product stats. */
export const productKeys = {
  all: ['products'] as const,
  lists: () => [...productKeys.all, 'list'] as const,
  list: () => [...productKeys.lists(), 'mine'] as const,
  details: () => [...productKeys.all, 'detail'] as const,
  detail: (productId: string) => [...productKeys.details(), productId] as const,
  stats: () => [...productKeys.all, 'stats'] as const,
  exchangeRate: () => ['exchange-rate', 'latest'] as const,
};
