import { useCallback, useEffect, useRef } from 'react';
import { useBlocker } from 'react-router';

/** What a page that must not be left by accident shows: the question, and the two answers. */
export interface LeaveGuard {
  /** A navigation was held back: the page asks whether to leave. */
  asking: boolean;
  /** Stays on the page; the held navigation is dropped. */
  stay: () => void;
  /** Goes where the held navigation was going. */
  leave: () => void;
}

/**
 * While `when` holds, leaving the page asks first:
 *
 * - links, `navigate()` calls, Back and Forward are held by the router (`useBlocker`) until the
 *   seller answers;
 * - closing the tab, reloading or typing another address raise the browser's own question
 *   (`beforeunload`).
 *
 * The page goes away when the seller leaves, and with it what it guarded (a form's uploads are
 * cancelled when it unmounts).
 */
export function useLeaveGuard(when: boolean): LeaveGuard {
  const blocker = useBlocker(when);

  useEffect(() => {
    if (!when) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers ask only when a return value is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [when]);

  // Nothing to guard any more (the upload finished, the form was saved): drop the question and
  // the navigation it held.
  const { state, reset, proceed } = blocker;
  useEffect(() => {
    if (!when && state === 'blocked') reset();
  }, [when, state, reset]);

  // The first answer to a question counts: the dialog closing after "leave" must not also take
  // it for "stay", which would drop the Back being replayed and ask again.
  const answered = useRef(false);
  useEffect(() => {
    if (state === 'blocked') answered.current = false;
  }, [state]);
  const answer = useCallback((go: (() => void) | undefined) => {
    if (answered.current || !go) return;
    answered.current = true;
    go();
  }, []);

  const stay = useCallback(() => answer(reset), [answer, reset]);
  const leave = useCallback(() => answer(proceed), [answer, proceed]);
  return { asking: state === 'blocked', stay, leave };
}
