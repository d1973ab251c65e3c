import { QueryClientProvider } from '@tanstack/react-query';
import type * as React from 'react';
import { lazy, StrictMode, Suspense } from 'react';
import { queryClient } from '@/lib/react-query';

// Toasts only come from screens that load later; the toaster (sonner, ~10 kB gzip) loads right
// after the first render instead of with it (issue 6, the login page's budget).
const Toaster = lazy(() =>
  import('@/components/ui/sonner').then((module) => ({ default: module.Toaster })),
);

export function AppProvider({ children }: { children: React.ReactNode }) {
  return (
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        {children}
        <Suspense fallback={null}>
          <Toaster />
        </Suspense>
      </QueryClientProvider>
    </StrictMode>
  );
}
