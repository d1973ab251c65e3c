/**
 * Forgets the data cached for a signed-in seller (the public pages do so when they mount).
 * The cache registers itself here when it is created, so that the login page clears it
 * without loading TanStack Query when nothing was cached yet.
 */
const clearers = new Set<() => void>();

export function registerSessionCache(clear: () => void): void {
  clearers.add(clear);
}

export function clearSessionCache(): void {
  for (const clear of clearers) clear();
}
