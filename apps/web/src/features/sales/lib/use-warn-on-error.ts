import { useEffect } from 'react';

/**
 * Sales fetch failures are only logged (spec section 8): a warning, never console.error,
 * and nothing shown on the page.
 */
export function useWarnOnError(what: string, error: Error | null): void {
  useEffect(() => {
    if (error) console.warn(`[sales] Failed to load ${what}:`, error.message);
  }, [what, error]);
}
