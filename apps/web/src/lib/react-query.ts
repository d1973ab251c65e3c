import { QueryClient, type UseMutationOptions } from '@tanstack/react-query';
import { registerSessionCache } from './session-cache';

/** The HTTP client already retries; queries must not multiply that. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
}

export const queryClient = createQueryClient();
registerSessionCache(() => queryClient.clear());

/** Extra options a caller may pass to a feature's mutation hook. */
export type MutationConfig<TData, TVariables> = Omit<
  UseMutationOptions<TData, Error, TVariables>,
  'mutationFn'
>;
