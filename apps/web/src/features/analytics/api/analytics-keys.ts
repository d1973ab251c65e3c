import type { ConversionQuery } from '@seller/contract/analytics/get-conversion';

/** Query keys of the conversion report, one per period, product and grouping. */
export const analyticsKeys = {
  all: ['analytics'] as const,
  conversion: (query: ConversionQuery) => [...analyticsKeys.all, 'conversion', query] as const,
};
