import { QueryClientProvider } from '@tanstack/react-query';
import type * as React from 'react';
import { queryClient } from '@/lib/react-query';

/**
 * TanStack Query for the screens that use it: the signed-in shell and signup. Each lazy
 * route mounts it around itself (the client, and so the cache, is the same one), so that
 * the login page loads without TanStack Query.
 */
export function QueryProvider({ children }: { children: React.ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
