import type { CustomersQuery } from '@seller/contract/customers/list-customers';

/** Query keys of the seller's customers; `all` covers every one of them. */
export const customerKeys = {
  all: ['customers'] as const,
  list: (query: CustomersQuery) => [...customerKeys.all, 'list', query] as const,
  detail: (id: string) => [...customerKeys.all, 'detail', id] as const,
  broadcasts: (page: number) => [...customerKeys.all, 'broadcasts', page] as const,
};
