import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Suspense } from 'react';
import { App, createAppRouter, signedInRoutesFor } from '@/app/app';
import { initI18n } from '@/lib/i18n';
import { queryClient } from '@/lib/react-query';

let texts: Promise<unknown> | undefined;

/**
 * The whole app as main.tsx renders it (its router with the route tables of `path`, guard,
 * providers and lazy screens), opened at `path` in jsdom. The Suspense boundary stands in for
 * main.tsx's first render being a transition: the test render is not one, and the first
 * screen's code suspends it.
 */
export async function renderApp(path: string) {
  texts ??= initI18n();
  await texts;
  queryClient.clear();
  window.history.replaceState(null, '', path);
  const signedInRoutes = await signedInRoutesFor(window.location.pathname);
  const user = userEvent.setup();
  const view = render(
    <Suspense fallback={null}>
      <App router={createAppRouter(signedInRoutes)} />
    </Suspense>,
  );
  return { user, ...view };
}

/** Where the app is now: path and query, as the address bar shows them. */
export function currentUrl(): string {
  return `${window.location.pathname}${window.location.search}`;
}
