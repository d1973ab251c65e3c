import {
  type CreateApiTokenBody,
  createApiTokenEndpoint,
} from '@seller/contract/developer/create-api-token';
import type { ResponseOf } from '@seller/contract/endpoint';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/react-query';
import { apiTokenKeys } from './api-token-keys';

/** A new token with its secret, which this answer alone carries. */
export type CreatedApiToken = ResponseOf<typeof createApiTokenEndpoint>;

export function createApiToken(body: CreateApiTokenBody): Promise<CreatedApiToken> {
  return apiRequest(createApiTokenEndpoint, { body });
}

export function useCreateApiToken(
  config: MutationConfig<CreatedApiToken, CreateApiTokenBody> = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: createApiToken,
    onSuccess: async (token, ...rest) => {
      await queryClient.invalidateQueries({ queryKey: apiTokenKeys.all });
      return config.onSuccess?.(token, ...rest);
    },
  });
}
