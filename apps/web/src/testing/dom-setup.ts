import { afterEach, inject, vi } from 'vitest';

/**
 * For the tests that run in jsdom (`@vitest-environment jsdom`): the document lives at the API
 * server's address, so that the app's relative calls (`/api/…`, and the uploads' `/storage/…`
 * through jsdom's XMLHttpRequest) reach it on the same origin as in the browser. Node's fetch
 * has no document, so relative URLs are resolved against it here.
 */
declare global {
  // Vitest's jsdom environment exposes its JSDOM instance under this name.
  var jsdom:
    | { reconfigure(settings: { url?: string }): void; window: { _origin: string } }
    | undefined;
}

/**
 * How long a test's leftover timers may take to run once the app is unmounted: a toast's exit
 * takes 200 ms; a timer that needs longer is one the app should clear when its screen goes.
 */
const settleTimeoutMs = 2000;

if (typeof window !== 'undefined' && globalThis.jsdom) {
  const origin = inject('apiOrigin');
  globalThis.jsdom.reconfigure({ url: `${origin}/` });
  // `reconfigure` moves the document but not the window's origin, which jsdom's
  // XMLHttpRequest sends from: without this, same-origin uploads would be treated as CORS.
  globalThis.jsdom.window._origin = origin;
  const nodeFetch = globalThis.fetch;
  globalThis.fetch = (input, init) =>
    nodeFetch(typeof input === 'string' ? new URL(input, window.location.href) : input, init);

  // jsdom lays nothing out, and has no ResizeObserver: Radix's checkboxes inside a form measure
  // their hidden native input with one. Nothing ever changes size here, so it never reports.
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };

  const { installQueryTimers } = await import('./query-timers');
  const queryTimers = installQueryTimers();
  const { cleanup, configure } = await import('@testing-library/react');
  const { queryClient } = await import('@/lib/react-query');
  const { createTimerTracker, describeTimers } = await import('./leftover-timers');
  // A screen's code is transformed the first time a test opens it, and the real API answers
  // from PGlite in the same two cores: on a machine busy with other work that takes seconds.
  // A wait ends as soon as its condition holds, so a long limit costs a passing test nothing.
  configure({ asyncUtilTimeout: 15_000 });

  // Everything the app started ends with the test that started it: a timer still pending when
  // the file ends would fire after jsdom is gone and fail the run (see leftover-timers.ts).
  const timers = createTimerTracker();
  afterEach(async () => {
    // Unmounting clears the screens' timers; then the data cache goes, and with it its timers
    // (garbage collection minutes away, also of the fetches it cancels as they settle).
    cleanup();
    queryClient.clear();
    // What is left is about to run (a toast on its way out when the test ended): wait for it.
    await vi.waitFor(
      () => {
        queryTimers.clearAll();
        const left = timers.pending();
        if (left.length > 0) {
          throw new Error(`Timers of the app outlive the test:\n${describeTimers(left)}`);
        }
      },
      { timeout: settleTimeoutMs, interval: 20 },
    );
    localStorage.clear();
    sessionStorage.clear();
  });
}
