import { startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App, firstScreens } from './app/app';
import { initI18n } from './lib/i18n';
import './index.css';

const container = document.getElementById('root');
if (!container) throw new Error('The #root element is missing from index.html');

// Render once the language is known, so that no text flashes in the wrong language, and once
// the first screens' code is there (it loads meanwhile), so that they appear without a loading
// page first. A screen that failed to load shows its error page when it renders. The first
// render is a transition: React renders it in slices and the page stays responsive meanwhile.
Promise.all([
  initI18n().catch((error: unknown) => console.error('Translations failed to load', error)),
  firstScreens.catch(() => undefined),
]).finally(() => {
  const root = createRoot(container);
  startTransition(() => root.render(<App />));
});
