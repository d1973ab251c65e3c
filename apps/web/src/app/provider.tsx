import type * as React from 'react';
import { StrictMode } from 'react';

/**
 * What every page shares. TanStack Query is not here: the screens that fetch get it from
 * QueryProvider (query-provider.tsx), and the toast outlet is in the signed-in shell (the only
 * screens with toasts), so that the login page loads without them (issue 6).
 */
export function AppProvider({ children }: { children: React.ReactNode }) {
  return <StrictMode>{children}</StrictMode>;
}
