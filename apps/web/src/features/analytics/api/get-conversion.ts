import {
  type ConversionQuery,
  type ConversionResponse,
  getConversionEndpoint,
} from '@seller/contract/analytics/get-conversion';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { analyticsKeys } from './analytics-keys';

export function fetchConversion(
  query: ConversionQuery,
  signal?: AbortSignal,
): Promise<ConversionResponse> {
  return apiRequest(getConversionEndpoint, { query, ...(signal ? { signal } : {}) });
}

export function conversionQueryOptions(query: ConversionQuery) {
  return queryOptions({
    queryKey: analyticsKeys.conversion(query),
    queryFn: ({ signal }) => fetchConversion(query, signal),
  });
}

/** Views, sales and conversion of a period, grouped one way. */
export function useConversion(query: ConversionQuery) {
  return useQuery(conversionQueryOptions(query));
}
