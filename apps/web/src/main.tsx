import { startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App, createAppRouter, signedInRoutesFor } from './app/app';
import { initI18n } from './lib/i18n';
import { trackInputModality } from './lib/input-modality';
import { applyStoredTheme } from './lib/theme';
import './index.css';

// The seller's light or dark choice, on <html> before anything renders (see lib/theme.ts).
applyStoredTheme();
// Focus rings for the keyboard only (see lib/input-modality.ts).
trackInputModality();

const container = document.getElementById('root');
if (!container) throw new Error('The #root element is missing from index.html');

// Render once the language is known, so that no text flashes in the wrong language, and once the
// route table of the address is there (the signed-in pages' table is a chunk of its own, loaded
// alongside the texts). The first render is a transition: React keeps the frame painted by
// index.html until the first screen's code is there (see app/router.tsx), renders in slices, and
// the page stays responsive.
const texts = initI18n().catch((error: unknown) =>
  console.error('Translations failed to load', error),
);
// Without it the router asks again for the first address, and shows the error page if it fails.
const signedInRoutes = signedInRoutesFor(window.location.pathname).catch((error: unknown) => {
  console.error('The signed-in pages failed to load', error);
  return undefined;
});
void Promise.all([texts, signedInRoutes]).then(([, routes]) => {
  const root = createRoot(container);
  const router = createAppRouter(routes);
  startTransition(() => root.render(<App router={router} />));
});
