import {
  type CustomersQuery,
  type CustomersResponse,
  listCustomersEndpoint,
} from '@seller/contract/customers/list-customers';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
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
