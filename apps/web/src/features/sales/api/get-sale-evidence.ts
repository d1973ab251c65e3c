import {
  getSaleEvidenceEndpoint,
  type SaleEvidence,
} from '@seller/contract/sales/get-sale-evidence';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { salesKeys } from '@/lib/query-keys/sales-keys';

export function fetchSaleEvidence(purchaseId: string, signal?: AbortSignal): Promise<SaleEvidence> {
  return apiRequest(getSaleEvidenceEndpoint, {
    params: { purchaseId },
    ...(signal ? { signal } : {}),
  });
}

export function saleEvidenceQueryOptions(purchaseId: string) {
  return queryOptions({
    queryKey: salesKeys.evidence(purchaseId),
    queryFn: ({ signal }) => fetchSaleEvidence(purchaseId, signal),
  });
}

/** The sale's delivery evidence sheet, asked for only once the seller opens it (`enabled`). */
export function useSaleEvidence(purchaseId: string, enabled: boolean) {
  return useQuery({ ...saleEvidenceQueryOptions(purchaseId), enabled });
}
