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
          path: paths.products.path,
          lazy: () =>
            import('./routes/app/products/list').then((m) => ({ Component: m.ProductsRoute })),
        },
        {
          path: paths.productCreate.path,
          lazy: () =>
            import('./routes/app/products/create').then((m) => ({
              Component: m.ProductCreateRoute,
            })),
        },
        {
          path: paths.productDetail.path,
          lazy: () =>
            import('./routes/app/products/detail').then((m) => ({
              Component: m.ProductDetailRoute,
            })),
        },
        {
          path: paths.productEdit.path,
          lazy: () =>
            import('./routes/app/products/edit').then((m) => ({ Component: m.ProductEditRoute })),
        },
        {
          path: paths.sales.path,
          lazy: () => import('./routes/app/sales').then((m) => ({ Component: m.SalesRoute })),
        },
        {
          path: paths.settlement.path,
          lazy: () =>
            import('./routes/app/settlement').then((m) => ({ Component: m.SettlementRoute })),
        },
        {
          // Unknown URLs (and screens not built yet) answer as unknown pages.
          path: '*',
          lazy: () => import('./routes/not-found').then((m) => ({ Component: m.NotFoundRoute })),
        },
      ],
    },
  ]);
}

export type AppRouter = ReturnType<typeof createAppRouter>;
