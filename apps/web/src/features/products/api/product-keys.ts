/**
 * Query keys of the seller's products. `lists` and `stats` are what a new, changed or deleted
 * product makes stale, wherever they are shown (the product list, the dashboard).
 */
export const productKeys = {
  all: ['products'] as const,
  lists: () => [...productKeys.all, 'list'] as const,
  list: () => [...productKeys.lists(), 'mine'] as const,
  details: () => [...productKeys.all, 'detail'] as const,
  detail: (productId: string) => [...productKeys.details(), productId] as const,
  stats: () => [...productKeys.all, 'stats'] as const,
  /** Every version of one of a product's files. */
  fileVersions: (productId: string, fileId: string) =>
    [...productKeys.detail(productId), 'files', fileId, 'versions'] as const,
};
