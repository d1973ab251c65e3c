import { createBrowserRouter, replace } from 'react-router';
import { paths } from '@/config/paths';
import { clearSession, sessionState } from '@/lib/auth-token';
import { PageLoading, RouteError } from './routes/route-error';

/**
 * Access guard of spec section 4: no token → /login (history entry replaced, a console
 * message); an expired or undecodable token is removed first. It runs on every navigation.
 */
export function requireSession() {
  const state = sessionState();
  if (state === 'valid') return null;
  if (state === 'missing') {
    console.info('[auth] Not signed in: redirecting to the login page.');
  } else {
    clearSession();
    console.info('[auth] The session token expired or is unreadable: signed out.');
  }
  return replace(paths.login.href());
}

/** Signed-in sellers have nothing to do on /login and /signup. */
export function redirectSignedIn() {
  return sessionState() === 'valid' ? replace(paths.home.href()) : null;
}

const always = () => true;

export function createAppRouter() {
  return createBrowserRouter([
    {
      path: paths.login.path,
      loader: redirectSignedIn,
      shouldRevalidate: always,
      lazy: () => import('./routes/auth/login').then((m) => ({ Component: m.LoginRoute })),
      HydrateFallback: PageLoading,
      ErrorBoundary: RouteError,
    },
    {
      path: paths.signup.path,
      loader: redirectSignedIn,
      shouldRevalidate: always,
      lazy: () => import('./routes/auth/signup').then((m) => ({ Component: m.SignupRoute })),
      HydrateFallback: PageLoading,
      ErrorBoundary: RouteError,
    },
    {
      id: 'app',
      loader: requireSession,
      shouldRevalidate: always,
      lazy: () => import('./routes/app/root').then((m) => ({ Component: m.AppRoot })),
      HydrateFallback: PageLoading,
      ErrorBoundary: RouteError,
      children: [
        {
          index: true,
          lazy: () =>
            import('./routes/app/dashboard').then((m) => ({ Component: m.DashboardRoute })),
        },
        {
          path: paths.profile.path,
          lazy: () => import('./routes/app/profile').then((m) => ({ Component: m.ProfileRoute })),
        },
        {
          // Products, settlement and sales are not built yet: they answer as unknown pages.
          path: '*',
          lazy: () => import('./routes/not-found').then((m) => ({ Component: m.NotFoundRoute })),
        },
      ],
    },
  ]);
}

export type AppRouter = ReturnType<typeof createAppRouter>;
