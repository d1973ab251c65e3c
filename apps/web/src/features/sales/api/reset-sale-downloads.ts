import type { SaleDetail } from '@seller/contract/sales/get-sale';
import {
  type ResetSaleDownloadsResponse,
  resetSaleDownloadsEndpoint,
} from '@seller/contract/sales/reset-sale-downloads';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { salesKeys } from '@/lib/query-keys/sales-keys';
import type { MutationConfig } from '@/lib/react-query';

/** Gives the buyer the sale's downloads again: its count goes back to 0, its history stays. */
export function resetSaleDownloads(purchaseId: string): Promise<ResetSaleDownloadsResponse> {
  return apiRequest(resetSaleDownloadsEndpoint, { params: { purchaseId } });
}

/**
 * Resets a sale's downloads, then shows the sale as the server answers it and marks the
 * transactions stale (the sale's row shows its count on whichever page it is).
 */
export function useResetSaleDownloads(
  config: MutationConfig<ResetSaleDownloadsResponse, string> = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: resetSaleDownloads,
    onSuccess: async (result, purchaseId, ...rest) => {
      queryClient.setQueryData<SaleDetail>(salesKeys.sale(purchaseId), (detail) =>
        detail ? { ...detail, sale: result.sale } : detail,
      );
      await queryClient.invalidateQueries({ queryKey: salesKeys.transactionPages() });
      return config.onSuccess?.(result, purchaseId, ...rest);
    },
  });
}
