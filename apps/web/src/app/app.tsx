import { StrictMode, useEffect } from 'react';
import {
  createBrowserRouter,
  Outlet,
  type RouteObject,
  RouterProvider,
  useNavigate,
} from 'react-router';
import { paths } from '@/config/paths';
import { sessionState } from '@/lib/auth-token';
import { setUnauthorizedHandler } from '@/lib/unauthorized';
import { preloadScreens } from './route-parts';
import { isPublicPath, loadSignedInRoutes, publicRoutes } from './router';
import { RouteError } from './routes/route-error';

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

/** The route around every page, into which the signed-in table is added when it loads. */
const frameRouteId = 'frame';

/**
 * The app's router over the browser's history, starting at the current address. A data router,
 * for `useBlocker`: a page with an upload under way asks before it is left (use-leave-guard.ts).
 * `signedInRoutes`, when the caller has them already (`signedInRoutesFor`), are part of the table
 * from the start; otherwise the router loads them the first time it is asked for an address
 * that no public page answers.
 */
export function createAppRouter(signedInRoutes?: RouteObject[]): AppRouter {
  let complete = signedInRoutes !== undefined;
  return createBrowserRouter(
    [
      {
        id: frameRouteId,
        element: <RouterFrame />,
        // A signed-in table that cannot be loaded (a chunk missing after a deploy).
        errorElement: <RouteError />,
        children: [...publicRoutes, ...(signedInRoutes ?? [])],
      },
    ],
    complete
      ? {}
      : {
          async patchRoutesOnNavigation({ path, patch }) {
            if (complete || isPublicPath(path)) return;
            patch(frameRouteId, await loadSignedInRoutes());
            complete = true;
          },
        },
  );
}

/**
 * The signed-in route table if the first address needs it (undefined for a public page; the
 * router loads it when asked for another page). With a session, the code of the address's
 * screens then starts loading at once, the shell's and the page's side by side.
 */
export async function signedInRoutesFor(pathname: string): Promise<RouteObject[] | undefined> {
  if (isPublicPath(pathname)) return undefined;
  const routes = await loadSignedInRoutes();
  // Without one, the access guard sends the visitor to /login: nothing to load.
  if (sessionState() === 'valid') preloadScreens(routes, pathname);
  return routes;
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
