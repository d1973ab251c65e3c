/**
 * What the browser's HTTP client does after a 401 removed the session (spec section 4), kept
 * apart from the client (api-client.ts) so that the app sets it without loading the client,
 * and zod with it, before the first page (issue 6).
 */
let handler: (() => void) | undefined;

/** Lets the app route 401s through its router instead of a full page load. */
export function setUnauthorizedHandler(next: () => void): void {
  handler = next;
}

/** The app's handler, or else a full page load of /login. */
export function onUnauthorized(): void {
  if (handler) handler();
  else if (typeof window !== 'undefined') window.location.assign('/login');
}
