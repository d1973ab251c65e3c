import { afterEach, inject } from 'vitest';

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

  const { cleanup, configure } = await import('@testing-library/react');
  // A screen's code is transformed the first time a test opens it: allow for that.
  configure({ asyncUtilTimeout: 5000 });
  afterEach(() => {
    cleanup();
    localStorage.clear();
    sessionStorage.clear();
  });
}
