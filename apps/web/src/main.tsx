import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { initI18n } from './lib/i18n';
import './index.css';

const container = document.getElementById('root');
if (!container) throw new Error('The #root element is missing from index.html');

// Render once the language is known, so that no text flashes in the wrong language.
initI18n()
  .catch((error: unknown) => console.error('Translations failed to load', error))
  .finally(() => createRoot(container).render(<App />));
