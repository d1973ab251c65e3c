import { startTransition, useEffect, useState } from 'react';

/**
 * False until the browser is first idle after the component mounted: for parts of a page that
 * are not needed to show it (menus, the toast outlet), so that loading and starting them does
 * not compete with the page's first paint and input readiness (issue 6).
 */
export function useIdle(): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    // A transition: what then mounts renders in small slices, not in one long task.
    const ready = () => startTransition(() => setIdle(true));
    if (typeof window.requestIdleCallback === 'function') {
      const handle = window.requestIdleCallback(ready, { timeout: 2000 });
      return () => window.cancelIdleCallback(handle);
    }
    const timer = window.setTimeout(ready, 200);
    return () => window.clearTimeout(timer);
  }, []);
  return idle;
}
