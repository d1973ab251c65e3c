import type { DiscountStatus } from '@seller/contract/discounts/discount';

/** Query keys of the seller's discount codes; `all` covers every one of them. */
export const discountKeys = {
  all: ['discounts'] as const,
  list: (status: DiscountStatus | undefined, page: number) =>
    [...discountKeys.all, 'list', status ?? 'current', page] as const,
};
