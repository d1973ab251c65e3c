import type { SettlementInfo } from '@seller/contract/settlement/get-settlement-info';
import {
  type UpdateSettlementInfoBody,
  updateSettlementInfo,
} from '@seller/contract/settlement/update-settlement-info';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/react-query';
import { settlementKeys } from './get-settlement-info';

export function saveSettlementInfo(body: UpdateSettlementInfoBody): Promise<SettlementInfo> {
  return apiRequest(updateSettlementInfo, { body });
}

/** Replaces the payout details; the stored (normalised) values come back and are cached. */
export function useUpdateSettlementInfo(
  config: MutationConfig<SettlementInfo, UpdateSettlementInfoBody> = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: saveSettlementInfo,
    onSuccess: (info, ...rest) => {
      queryClient.setQueryData(settlementKeys.info(), info);
      return config.onSuccess?.(info, ...rest);
    },
  });
}
