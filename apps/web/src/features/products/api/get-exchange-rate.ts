import {
  type ExchangeRate,
  getExchangeRateEndpoint,
} from '@seller/contract/products/get-exchange-rate';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { exchangeRateKeys } from './exchange-rate-keys';

export async function fetchExchangeRate(): Promise<ExchangeRate> {
  const response = await apiRequest(getExchangeRateEndpoint);
  return response.rate;
}

export function exchangeRateQueryOptions() {
  return queryOptions({
    queryKey: exchangeRateKeys.latest(),
    queryFn: fetchExchangeRate,
    staleTime: 10 * 60_000,
  });
}

/** Fetched on create, and on detail and edit only when a conversion is shown. */
export function useExchangeRate({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...exchangeRateQueryOptions(), enabled });
}
