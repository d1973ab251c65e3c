import { StrictMode, useEffect } from 'react';
import { createBrowserRouter, Outlet, RouterProvider, useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { setUnauthorizedHandler } from '@/lib/unauthorized';
import { routes } from './router';

/**
 * After any 401 the client has removed the session: the seller goes to /login inside the app
 * (the login page then drops the cached data of the signed-out seller).
 */
export function UnauthorizedRedirect() {
  const navigate = useNavigate();
  useEffect(() => {
    setUnauthorizedHandler(() => {
      void navigate(paths.login.href(), { replace: true });
    });
  }, [navigate]);
  return null;
}

/** Around every page: what the whole app needs from the router. */
function RouterFrame() {
  return (
    <>
      <UnauthorizedRedirect />
      <Outlet />
    </>
  );
}

export type AppRouter = ReturnType<typeof createBrowserRouter>;

/**
 * The app's router over the browser's history, starting at the current address. A data router,
 * for `useBlocker`: a page with an upload under way asks before it is left (use-leave-guard.ts).
 */
export function createAppRouter(): AppRouter {
  return createBrowserRouter([{ element: <RouterFrame />, children: routes }]);
}

export function App({ router }: { router: AppRouter }) {
  // The router listens to the browser's history until the app goes away.
  useEffect(() => () => router.dispose(), [router]);
  return (
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>
  );
}
