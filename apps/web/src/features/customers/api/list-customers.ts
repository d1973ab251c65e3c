import {
  type CustomersQuery,
  type CustomersResponse,
  listCustomersEndpoint,
} from '@seller/contract/customers/list-customers';
import { keepPreviousData, queryOptions, useQueries, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { customerKeys } from './customer-keys';

export function fetchCustomers(
  query: CustomersQuery,
  signal?: AbortSignal,
): Promise<CustomersResponse> {
  return apiRequest(listCustomersEndpoint, { query, ...(signal ? { signal } : {}) });
}

export function customersQueryOptions(query: CustomersQuery) {
  return queryOptions({
    queryKey: customerKeys.list(query),
    queryFn: ({ signal }) => fetchCustomers(query, signal),
  });
}

/** A page of the seller's buyers; the previous page stays shown while the next one loads. */
export function useCustomers(query: CustomersQuery) {
  return useQuery({ ...customersQueryOptions(query), placeholderData: keepPreviousData });
}

/**
 * How many buyers match each set of filters (one row asked for; `pagination.total` read): the
 * reach of a mail before it is sent, from the list's own call.
 */
export function useCustomerCounts(queries: readonly CustomersQuery[]) {
  return useQueries({
    queries: queries.map((query) => ({
      ...customersQueryOptions({ ...query, page: 1, limit: 1 }),
      select: (response: CustomersResponse) => response.pagination.total,
    })),
    combine: (results) => ({
      counts: results.map((result) => result.data ?? 0),
      isPending: results.some((result) => result.isPending),
      isError: results.some((result) => result.isError),
    }),
  });
}
