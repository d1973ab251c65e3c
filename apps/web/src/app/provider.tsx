import { QueryClientProvider } from '@tanstack/react-query';
import type * as React from 'react';
import { StrictMode } from 'react';
import { Toaster } from '@/components/ui/sonner';
import { queryClient } from '@/lib/react-query';

export function AppProvider({ children }: { children: React.ReactNode }) {
  return (
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        {children}
        <Toaster />
      </QueryClientProvider>
    </StrictMode>
  );
}
