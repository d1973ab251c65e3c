import type { DataExport } from '@seller/contract/auth/data-export';
import { requestDataExportEndpoint } from '@seller/contract/auth/request-data-export';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/react-query';
import { dataExportKeys } from './data-export-keys';

/** Starts an export (or answers the one being built). */
export async function requestDataExport(): Promise<DataExport | null> {
  const response = await apiRequest(requestDataExportEndpoint);
  return response.export;
}

export function useRequestDataExport(config: MutationConfig<DataExport | null, void> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: requestDataExport,
    onSuccess: async (result, ...rest) => {
      queryClient.setQueryData(dataExportKeys.latest(), result);
      return config.onSuccess?.(result, ...rest);
    },
  });
}
