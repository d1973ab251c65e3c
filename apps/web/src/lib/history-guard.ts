/**
 * The first say on Back and Forward. React Router's browser history listens to `popstate` from
 * the moment it mounts; a page that must not be left (use-leave-guard.ts) mounts later, and
 * listeners on the window run in the order they were added. This listener is added when the
 * app starts, before the router's, and hands each `popstate` to the page's guard, if any,
 * which may stop it before the router sees it.
 */
type PopGuard = (event: PopStateEvent) => void;

let guard: PopGuard | undefined;
let listening = false;

/** Called once, before the router mounts (app.tsx). */
export function listenToHistoryFirst(): void {
  if (listening || typeof window === 'undefined') return;
  listening = true;
  window.addEventListener('popstate', (event) => guard?.(event));
}

/** Makes `next` the guard of Back and Forward; the returned function removes it again. */
export function guardHistory(next: PopGuard): () => void {
  guard = next;
  return () => {
    if (guard === next) guard = undefined;
  };
}
