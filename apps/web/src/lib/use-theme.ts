import { useSyncExternalStore } from 'react';
import { resolveTheme, subscribeToTheme, type Theme, type ThemeChoice, themeChoice } from './theme';

/** The seller's theme choice (system, light or dark), updated when it changes. */
export function useThemeChoice(): ThemeChoice {
  return useSyncExternalStore(subscribeToTheme, themeChoice, () => 'system');
}

/** The theme on screen now: the choice, or the system's for `system`. */
export function useResolvedTheme(): Theme {
  return useSyncExternalStore(
    subscribeToTheme,
    () => resolveTheme(themeChoice()),
    () => 'light',
  );
}
