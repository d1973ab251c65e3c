/*
 * Light or dark. The seller picks system (the default), light or dark; the choice is kept in
 * local storage and applied as a class on <html> (`light` or `dark`) that index.css reads.
 * main.tsx applies it before the first render; until then, and for the `system` choice, the
 * stylesheet follows `prefers-color-scheme` by itself, so no frame is painted in the wrong theme.
 */

export const themeChoices = ['system', 'light', 'dark'] as const;
export type ThemeChoice = (typeof themeChoices)[number];
export type Theme = Exclude<ThemeChoice, 'system'>;

/** Local storage key of the choice. */
export const themeStorageKey = 'theme';

const darkQuery = '(prefers-color-scheme: dark)';

/** The kept choice; `system` when none was made or storage cannot be read. */
export function storedThemeChoice(): ThemeChoice {
  try {
    const value = window.localStorage.getItem(themeStorageKey);
    return themeChoices.find((choice) => choice === value) ?? 'system';
  } catch {
    return 'system';
  }
}

function systemTheme(): Theme {
  return typeof window.matchMedia === 'function' && window.matchMedia(darkQuery).matches
    ? 'dark'
    : 'light';
}

/** The theme a choice shows now. */
export function resolveTheme(choice: ThemeChoice): Theme {
  return choice === 'system' ? systemTheme() : choice;
}

const listeners = new Set<() => void>();
let current: ThemeChoice = 'system';
let watchingSystem = false;

function paint(): void {
  const theme = resolveTheme(current);
  const root = document.documentElement;
  root.classList.toggle('dark', theme === 'dark');
  root.classList.toggle('light', theme === 'light');
  for (const listener of listeners) listener();
}

/**
 * Applies the kept choice to <html>, and from then on follows the system's changes while the
 * choice is `system`. Called once by main.tsx, before the first render.
 */
export function applyStoredTheme(): void {
  current = storedThemeChoice();
  if (!watchingSystem && typeof window.matchMedia === 'function') {
    watchingSystem = true;
    window.matchMedia(darkQuery).addEventListener('change', () => {
      if (current === 'system') paint();
    });
  }
  paint();
}

/** Keeps and applies the seller's choice. */
export function setThemeChoice(choice: ThemeChoice): void {
  current = choice;
  try {
    if (choice === 'system') window.localStorage.removeItem(themeStorageKey);
    else window.localStorage.setItem(themeStorageKey, choice);
  } catch {
    // Storage refused (private mode): the choice holds until the page is closed.
  }
  paint();
}

/** The choice in effect (for the switches). */
export function themeChoice(): ThemeChoice {
  return current;
}

/** Calls `listener` whenever the choice or the theme shown changes; returns the unsubscribe. */
export function subscribeToTheme(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}
