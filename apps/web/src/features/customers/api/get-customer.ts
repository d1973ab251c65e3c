import { type CustomerDetail, getCustomerEndpoint } from '@seller/contract/customers/get-customer';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { customerKeys } from './customer-keys';

export function fetchCustomer(id: string, signal?: AbortSignal): Promise<CustomerDetail> {
  return apiRequest(getCustomerEndpoint, { params: { id }, ...(signal ? { signal } : {}) });
}

export function customerQueryOptions(id: string) {
  return queryOptions({
    queryKey: customerKeys.detail(id),
    queryFn: ({ signal }) => fetchCustomer(id, signal),
  });
}

/** One buyer and their latest sales. */
export function useCustomer(id: string) {
  return useQuery(customerQueryOptions(id));
}
