/**
 * What the browser's HTTP client does after a 401 removed the session (spec section 4), kept
 * apart from the client (api-client.ts) so that the app sets it without loading the client,
 * and zod with it, before the first page (issue 6).
 */
let handler: (() => void) | undefined;
/** A 401 arrived before the app set its handler (the first screen's data, fetched early). */
let pending = false;

/**
 * Lets the app route 401s through its router; a 401 that arrived before is handled now, so the
 * seller goes to /login inside the app rather than by a full page load.
 */
export function setUnauthorizedHandler(next: () => void): void {
  handler = next;
  if (pending) {
    pending = false;
    next();
  }
}

/** The app's handler, or once it is set. */
export function onUnauthorized(): void {
  if (handler) handler();
  else pending = true;
}
