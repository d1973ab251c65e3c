import type { SettlementInfo } from '@seller/contract/settlement/get-settlement-info';
import {
  type UpdateSettlementInfoBody,
  updateSettlementInfoEndpoint,
} from '@seller/contract/settlement/update-settlement-info';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/react-query';
import { settlementKeys } from './settlement-keys';

export function saveSettlementInfo(body: UpdateSettlementInfoBody): Promise<SettlementInfo> {
  return apiRequest(updateSettlementInfoEndpoint, { body });
}

/**
 * Saves the payout methods the body names (a method left out is kept, `null` clears one); the
 * stored (normalised) values of all three come back and are cached.
 */
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
