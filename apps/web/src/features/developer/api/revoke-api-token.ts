import type { ApiToken } from '@seller/contract/developer/api-token';
import { deleteApiTokenEndpoint } from '@seller/contract/developer/revoke-api-token';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/react-query';
import { apiTokenKeys } from './api-token-keys';

/** The token stops working at once. */
export async function revokeApiToken(tokenId: string): Promise<void> {
  await apiRequest(deleteApiTokenEndpoint, { params: { id: tokenId } });
}

export function useRevokeApiToken(config: MutationConfig<void, string> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: revokeApiToken,
    onSuccess: async (result, tokenId, ...rest) => {
      queryClient.setQueryData<ApiToken[]>(apiTokenKeys.list(), (tokens) =>
        tokens?.filter((token) => token.id !== tokenId),
      );
      await queryClient.invalidateQueries({ queryKey: apiTokenKeys.all });
      return config.onSuccess?.(result, tokenId, ...rest);
    },
  });
}
