import { useEffect, useRef } from 'react';

/**
 * Brings an error that just appeared into view and gives it the focus, so that it is seen (and
 * read out) wherever the seller had scrolled to. Attach the ref to a focusable wrapper
 * (`tabIndex={-1}`) around the message.
 */
export function useFocusOnError(error: unknown) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!error) return;
    const element = ref.current;
    if (!element) return;
    element.scrollIntoView?.({ block: 'center' });
    element.focus({ preventScroll: true });
  }, [error]);
  return ref;
}
