import { useSyncExternalStore } from 'react';

/** Tailwind's `md` breakpoint (48rem): from here on, lists are tables instead of cards. */
const wideQuery = '(min-width: 48rem)';

export type LayoutWidth = 'wide' | 'narrow' | 'unknown';

function subscribe(onChange: () => void): () => void {
  if (typeof window.matchMedia !== 'function') return () => {};
  const query = window.matchMedia(wideQuery);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

function snapshot(): LayoutWidth {
  if (typeof window.matchMedia !== 'function') return 'unknown';
  return window.matchMedia(wideQuery).matches ? 'wide' : 'narrow';
}

/**
 * Whether the screen shows the wide layout (tables) or the narrow one (cards), following the
 * window as it is resized. A list renders only the layout on screen, not both hidden by CSS:
 * on a phone that halves the work of showing a page of rows. `unknown` (no `matchMedia`, as in
 * jsdom) renders both, and CSS shows the right one.
 */
export function useLayoutWidth(): LayoutWidth {
  return useSyncExternalStore(subscribe, snapshot, () => 'unknown');
}
