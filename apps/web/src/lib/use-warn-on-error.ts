import { useEffect } from 'react';

/**
 * For data a screen can do without (statistics, charts): a failure to load it is logged as a
 * warning, never as console.error, and the screen shows its placeholders instead.
 */
export function useWarnOnError(feature: string, what: string, error: Error | null): void {
  useEffect(() => {
    if (error) console.warn(`[${feature}] Failed to load ${what}:`, error.message);
  }, [feature, what, error]);
}
