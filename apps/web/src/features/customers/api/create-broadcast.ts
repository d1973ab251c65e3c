import type { BroadcastInput } from '@seller/contract/customers/broadcast';
import {
  type CreateBroadcastResponse,
  createBroadcastEndpoint,
} from '@seller/contract/customers/create-broadcast';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/react-query';
import { customerKeys } from './customer-keys';

export async function submitBroadcast(
  input: BroadcastInput,
): Promise<CreateBroadcastResponse['broadcast']> {
  return (await apiRequest(createBroadcastEndpoint, { body: input })).broadcast;
}

/** Writes to buyers; the list of mails (and the buyers, whose counts it reads) reload. */
export function useCreateBroadcast(
  config: MutationConfig<CreateBroadcastResponse['broadcast'], BroadcastInput> = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: submitBroadcast,
    onSuccess: async (...args) => {
      await queryClient.invalidateQueries({ queryKey: customerKeys.all });
      await config.onSuccess?.(...args);
    },
  });
}
