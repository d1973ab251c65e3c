import { useCallback, useContext, useEffect, useRef, useState } from 'react';
import { type Navigator, UNSAFE_NavigationContext, useLocation } from 'react-router';
import { guardHistory } from './history-guard';

/** What a page that must not be left by accident shows: the question, and the two answers. */
export interface LeaveGuard {
  /** A navigation was held back: the page asks whether to leave. */
  asking: boolean;
  /** Stays on the page; the held navigation is dropped. */
  stay: () => void;
  /** Goes where the held navigation was going. */
  leave: () => void;
}

interface HistoryState {
  idx?: unknown;
  key?: unknown;
}

/** React Router's index of a history entry, which its browser history keeps in `state.idx`. */
function entryIndex(state: unknown): number | undefined {
  const idx = (state as HistoryState | null)?.idx;
  return typeof idx === 'number' ? idx : undefined;
}

/**
 * The index of the entry the router stands on, given its location key: the first entry of a
 * visit has no key of its own (`default`). Undefined when the two disagree.
 */
function entryOf(state: unknown, locationKey: string): number | undefined {
  const key = (state as HistoryState | null)?.key;
  return (typeof key === 'string' ? key : 'default') === locationKey
    ? entryIndex(state)
    : undefined;
}

/**
 * While `when` holds, leaving the page asks first, the way React Router's `useBlocker` does in
 * a data router (the app's router is declarative, where `useBlocker` is not available):
 *
 * - links and `navigate()` calls go through the router's navigator, whose `push` and `replace`
 *   are held back until the seller answers;
 * - Back and Forward are undone at once (the router never sees them, history-guard.ts) and
 *   replayed on "leave";
 * - closing the tab, reloading or typing another address raise the browser's own question
 *   (`beforeunload`).
 */
export function useLeaveGuard(when: boolean): LeaveGuard {
  const { navigator } = useContext(UNSAFE_NavigationContext);
  const { key: locationKey } = useLocation();
  const [held, setHeld] = useState<(() => void) | null>(null);
  // Set by "leave" for the one Back or Forward that replays a held one.
  const replaying = useRef(false);

  useEffect(() => {
    if (!when) return;

    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers ask only when a return value is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);

    const { push, replace } = navigator;
    const heldPush: Navigator['push'] = (...args) => {
      setHeld(() => () => push.apply(navigator, args));
    };
    const heldReplace: Navigator['replace'] = (...args) => {
      setHeld(() => () => replace.apply(navigator, args));
    };
    navigator.push = heldPush;
    navigator.replace = heldReplace;

    // The entry the page stands on, as the router last moved to it (not while a Back is being
    // undone): a Back or Forward lands elsewhere and is sent back here.
    const here = entryOf(window.history.state, locationKey);
    let undoing = false;
    const onPopState = (event: PopStateEvent) => {
      if (replaying.current) {
        replaying.current = false;
        return;
      }
      if (undoing) {
        // The step back to `here`: the router must not see it either.
        undoing = false;
        event.stopImmediatePropagation();
        return;
      }
      const there = entryIndex(event.state);
      if (here === undefined || there === undefined || there === here) return;
      // This guard hears it before the router does (history-guard.ts): the router never sees it.
      event.stopImmediatePropagation();
      const delta = there - here;
      undoing = true;
      window.history.go(-delta);
      setHeld(() => () => {
        replaying.current = true;
        window.history.go(delta);
      });
    };
    const stopGuarding = guardHistory(onPopState);

    return () => {
      window.removeEventListener('beforeunload', onBeforeUnload);
      stopGuarding();
      if (navigator.push === heldPush) navigator.push = push;
      if (navigator.replace === heldReplace) navigator.replace = replace;
    };
  }, [when, navigator, locationKey]);

  // Nothing to guard any more (the upload finished, the form was saved): drop the question.
  useEffect(() => {
    if (!when) setHeld(null);
  }, [when]);

  const heldRef = useRef(held);
  heldRef.current = held;
  const stay = useCallback(() => setHeld(null), []);
  const leave = useCallback(() => {
    const go = heldRef.current;
    setHeld(null);
    go?.();
  }, []);

  return { asking: held !== null, stay, leave };
}
