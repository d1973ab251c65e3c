import { startSession } from '@/lib/auth-token';

/**
 * Starts the session of a seller who just signed in or up, and records the language in use
 * on the account. The call's code loads apart: the login page's first load leaves the HTTP
 * client out, and by now the sign-in has loaded it.
 */
export function startSellerSession(token: string): void {
  startSession(token);
  import('./set-language').then(
    ({ sendLanguageAfterSignIn }) => sendLanguageAfterSignIn(),
    () => undefined,
  );
}
