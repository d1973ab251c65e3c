import { timeoutManager } from '@tanstack/react-query';

type Timer = ReturnType<typeof setTimeout>;

/**
 * TanStack Query's timers (the caches' garbage collection, five minutes after a query or a
 * mutation is last used; its batched notifications), started through a provider of the test
 * support (`timeoutManager.setTimeoutProvider`, TanStack's own hook for this), so that the ones
 * still pending when a screen test ends are cleared with the rest of the app. Clearing the
 * cache is not enough: a mutation a signed-out seller's page still observed leaves the cache
 * first and schedules its collection when the page unmounts.
 *
 * Installed before the app's code is imported: TanStack asks for one provider, from its
 * first timer on.
 */
export function installQueryTimers(): { clearAll: () => void } {
  const live = new Set<Timer>();
  const forget = (timer: Timer | undefined) => {
    if (timer !== undefined) live.delete(timer);
  };
  timeoutManager.setTimeoutProvider<Timer>({
    setTimeout: (callback, delay) => {
      const timer = setTimeout(() => {
        live.delete(timer);
        callback();
      }, delay);
      live.add(timer);
      return timer;
    },
    clearTimeout: (timer) => {
      forget(timer);
      clearTimeout(timer);
    },
    setInterval: (callback, delay) => {
      const timer = setInterval(callback, delay);
      live.add(timer);
      return timer;
    },
    clearInterval: (timer) => {
      forget(timer);
      clearInterval(timer);
    },
  });
  return {
    clearAll: () => {
      for (const timer of live) clearTimeout(timer);
      live.clear();
    },
  };
}
