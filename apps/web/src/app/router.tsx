import { matchRoutes, type RouteObject } from 'react-router';
import { paths } from '@/config/paths';
import { page, screen } from './route-parts';

/*
 * The routes, for the data router of app.tsx (`createBrowserRouter`; the tests render the same
 * `App`), in two tables: the public pages here, in the entry, and the signed-in pages in
 * signed-in-routes.tsx, a chunk of its own. main.tsx loads it before the first render when the
 * address is not a public page; the router asks for it (`patchRoutesOnNavigation`) when a
 * visitor who started on a public page goes elsewhere (after signing in).
 *
 * Every screen is a `React.lazy` component: its code loads when a URL first shows it; the
 * routes have no loaders, so nothing is fetched before a screen renders. There is no Suspense
 * boundary around the routes on purpose: React Router makes every navigation a transition (and
 * main.tsx the first render), so React keeps what is on screen — the frame painted by
 * index.html, then the previous page — until the next screen's code is there, instead of
 * flashing a loading page.
 */

/** The legal pages' module holds both: one loader, shared by their routes. */
const loadLegal = () => import('./routes/legal');

/** The pages of visitors without a session, and those open to everyone. */
export const publicRoutes: RouteObject[] = [
  {
    path: paths.login.path,
    element: page(
      'public',
      screen(
        () => import('./routes/auth/login'),
        (m) => m.LoginRoute,
      ),
    ),
  },
  {
    path: paths.signup.path,
    element: page(
      'public',
      screen(
        () => import('./routes/auth/signup'),
        (m) => m.SignupRoute,
      ),
    ),
  },
  // Open: a reset link may be followed in a browser that still holds a session.
  {
    path: paths.forgotPassword.path,
    element: page(
      'open',
      screen(
        () => import('./routes/auth/forgot-password'),
        (m) => m.ForgotPasswordRoute,
      ),
    ),
  },
  {
    path: paths.resetPassword.path,
    element: page(
      'open',
      screen(
        () => import('./routes/auth/reset-password'),
        (m) => m.ResetPasswordRoute,
      ),
    ),
  },
  // Open: the link arrives at the new address, in whatever browser reads that mailbox.
  {
    path: paths.confirmEmail.path,
    element: page(
      'open',
      screen(
        () => import('./routes/auth/confirm-email'),
        (m) => m.ConfirmEmailRoute,
      ),
    ),
  },
  // Open: a buyer follows the link of a seller's mail, signed in or not.
  {
    path: paths.unsubscribe.path,
    element: page(
      'open',
      screen(
        () => import('./routes/unsubscribe'),
        (m) => m.UnsubscribeRoute,
      ),
    ),
  },
  {
    path: paths.terms.path,
    element: page(
      'open',
      screen(loadLegal, (m) => m.TermsRoute),
    ),
  },
  {
    path: paths.privacy.path,
    element: page(
      'open',
      screen(loadLegal, (m) => m.PrivacyRoute),
    ),
  },
];

/** Whether `pathname` is one of the public pages (the signed-in table is not needed for it). */
export function isPublicPath(pathname: string): boolean {
  return matchRoutes(publicRoutes, pathname) !== null;
}

let signedInRoutes: Promise<RouteObject[]> | undefined;

/**
 * The signed-in pages' route table (the signed-in shell, its screens and the unknown-page route),
 * loaded once; a failed load is tried again by the next call.
 */
export function loadSignedInRoutes(): Promise<RouteObject[]> {
  if (!signedInRoutes) {
    const loading = import('./signed-in-routes').then((module) => module.signedInRoutes);
    loading.catch(() => {
      if (signedInRoutes === loading) signedInRoutes = undefined;
    });
    signedInRoutes = loading;
  }
  return signedInRoutes;
}
