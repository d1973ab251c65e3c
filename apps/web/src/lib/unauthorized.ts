/**
 * What the browser's HTTP client does after a 401 removed the session, kept apart from the
 * client (api-client.ts) so that the app sets it without loading the client, and zod with it,
 * on the login page.
 */
let handler: (() => void) | undefined;
/** A 401 arrived before the app set its handler. */
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
