import { type ComponentType, lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import { matchRoutes, Navigate, type RouteObject, useLocation, useRoutes } from 'react-router';
import { paths } from '@/config/paths';
import { clearSession, type SessionState, sessionState } from '@/lib/auth-token';
import { PageLoading, RouteErrorBoundary } from './routes/route-error';

/*
 * The routes, in React Router's declarative mode (`useRoutes`): its data mode (`createBrowserRouter`,
 * loaders) weighs ~17 kB gzip more on every first load, the login page's included (issue 6).
 * What the data mode gave is done here: the access guard on every navigation, lazy screens
 * (all those of the first URL start loading at once, before the first render), a loading page
 * until they are there, and an error page when one fails to load or render.
 */

/** Where the access guard (spec section 4) sends a visitor, or null to let them in. */
export function guardedRedirect(state: SessionState): string | null {
  return state === 'valid' ? null : paths.login.href();
}

/** Signed-in sellers have nothing to do on /login and /signup. */
export function publicRedirect(state: SessionState): string | null {
  return state === 'valid' ? paths.home.href() : null;
}

type Access = 'guarded' | 'public';

const redirects: Record<Access, (state: SessionState) => string | null> = {
  guarded: guardedRedirect,
  public: publicRedirect,
};

/**
 * Checks the stored token on every navigation (the guard renders again on each): no token →
 * /login (history entry replaced, a console message); an expired or undecodable token is
 * removed first. A guard that redirects goes away with its page, so its effect runs once for
 * each refused visit.
 */
function AccessGuard({ access, children }: { access: Access; children: ReactNode }) {
  useLocation(); // renders again on every navigation, so that the token is checked each time
  const state = sessionState();
  const to = redirects[access](state);
  useEffect(() => {
    if (access !== 'guarded' || state === 'valid') return;
    if (state === 'missing') {
      console.info('[auth] Not signed in: redirecting to the login page.');
    } else {
      clearSession();
      console.info('[auth] The session token expired or is unreadable: signed out.');
    }
  }, [access, state]);
  return to ? <Navigate to={to} replace /> : children;
}

interface Screen {
  /** The screen's component once its code is there. */
  loaded: () => ComponentType | undefined;
  /** The same, suspending until its code is there. */
  Lazy: ComponentType;
  /** Loads the screen's code (once; later calls share the first load). */
  preload: () => Promise<void>;
  /** Loads its code, then the data it shows first, if it says how. */
  prefetch: () => Promise<void>;
}

/** A screen whose code loads on demand; `prefetch` loads the data it shows first. */
function lazyScreen<M>(
  load: () => Promise<M>,
  pick: (module: M) => ComponentType,
  prefetch?: (module: M) => Promise<unknown>,
): Screen {
  let loaded: ComponentType | undefined;
  let loading: Promise<M> | undefined;
  const fetchCode = () => {
    loading ??= load().then((module) => {
      loaded = pick(module);
      return module;
    });
    return loading;
  };
  return {
    loaded: () => loaded,
    Lazy: lazy(() => fetchCode().then((module) => ({ default: pick(module) }))),
    preload: async () => {
      await fetchCode();
    },
    prefetch: async () => {
      const module = await fetchCode();
      await prefetch?.(module);
    },
  };
}

/**
 * Renders a screen: at once when its code is already there (see preloadScreens), without a
 * loading page in between; otherwise through Lazy, which suspends until it is.
 */
function ScreenView({ screen }: { screen: Screen }) {
  // Chosen once per mount, so that a page shown through Lazy is never swapped (remounted).
  const [Ready] = useState(screen.loaded);
  return Ready ? <Ready /> : <screen.Lazy />;
}

const screens = {
  login: lazyScreen(
    () => import('./routes/auth/login'),
    (m) => m.LoginRoute,
  ),
  signup: lazyScreen(
    () => import('./routes/auth/signup'),
    (m) => m.SignupRoute,
  ),
  app: lazyScreen(
    () => import('./routes/app/root'),
    (m) => m.AppRoot,
    (m) => m.prefetchAppData(),
  ),
  dashboard: lazyScreen(
    () => import('./routes/app/dashboard'),
    (m) => m.DashboardRoute,
    (m) => m.prefetchDashboardData(),
  ),
  profile: lazyScreen(
    () => import('./routes/app/profile'),
    (m) => m.ProfileRoute,
  ),
  products: lazyScreen(
    () => import('./routes/app/products/list'),
    (m) => m.ProductsRoute,
  ),
  productCreate: lazyScreen(
    () => import('./routes/app/products/create'),
    (m) => m.ProductCreateRoute,
  ),
  productDetail: lazyScreen(
    () => import('./routes/app/products/detail'),
    (m) => m.ProductDetailRoute,
  ),
  productEdit: lazyScreen(
    () => import('./routes/app/products/edit'),
    (m) => m.ProductEditRoute,
  ),
  sales: lazyScreen(
    () => import('./routes/app/sales'),
    (m) => m.SalesRoute,
  ),
  settlement: lazyScreen(
    () => import('./routes/app/settlement'),
    (m) => m.SettlementRoute,
  ),
  notFound: lazyScreen(
    () => import('./routes/not-found'),
    (m) => m.NotFoundRoute,
  ),
} satisfies Record<string, Screen>;

type ScreenName = keyof typeof screens;

interface AppRoute {
  path?: string;
  index?: true;
  screen: ScreenName;
  /** Top-level routes: who may see them; they also get their own error page. */
  access?: Access;
  children?: AppRoute[];
}

const appRoutes: AppRoute[] = [
  { path: paths.login.path, screen: 'login', access: 'public' },
  { path: paths.signup.path, screen: 'signup', access: 'public' },
  {
    screen: 'app',
    access: 'guarded',
    children: [
      { index: true, screen: 'dashboard' },
      { path: paths.profile.path, screen: 'profile' },
      { path: paths.products.path, screen: 'products' },
      { path: paths.productCreate.path, screen: 'productCreate' },
      { path: paths.productDetail.path, screen: 'productDetail' },
      { path: paths.productEdit.path, screen: 'productEdit' },
      { path: paths.sales.path, screen: 'sales' },
      { path: paths.settlement.path, screen: 'settlement' },
      // Unknown URLs (and screens not built yet) answer as unknown pages.
      { path: '*', screen: 'notFound' },
    ],
  },
];

/** Which screen each route object shows (matchRoutes hands back the same objects). */
const screenOf = new Map<RouteObject, ScreenName>();

function toRouteObject(route: AppRoute): RouteObject {
  // Keyed: two routes' screens sit at the same place in the tree, and one must not take over
  // the other's state (which screen it shows) when the URL goes from one to the other.
  let element: ReactNode = <ScreenView key={route.screen} screen={screens[route.screen]} />;
  if (route.access) {
    element = (
      <RouteErrorBoundary>
        <AccessGuard access={route.access}>{element}</AccessGuard>
      </RouteErrorBoundary>
    );
  }
  const object: RouteObject = route.index
    ? { index: true, element }
    : {
        element,
        ...(route.path === undefined ? {} : { path: route.path }),
        ...(route.children ? { children: route.children.map(toRouteObject) } : {}),
      };
  screenOf.set(object, route.screen);
  return object;
}

const routeObjects = appRoutes.map(toRouteObject);

/** The screens that a URL shows, from the outermost: the route's matches, after any redirect. */
export function screensFor(pathname: string, state: SessionState): ScreenName[] {
  const names = (matchRoutes(routeObjects, pathname) ?? []).flatMap((match) => {
    const name = screenOf.get(match.route);
    return name ? [name] : [];
  });
  const access = appRoutes.find((route) => route.screen === names[0])?.access;
  const to = access ? redirects[access](state) : null;
  if (to && to !== pathname) return screensFor(to, state);
  return names;
}

/** How long the first render waits for the first screens' data, once their code is there. */
const firstDataWaitMs = 500;

/**
 * Loads the code of the screens of a URL at once, all in parallel and alongside the texts,
 * rather than one after the other as they render, and then their data. The first render waits
 * for it (main.tsx), so that the page, not a loading page, is what first appears, with its
 * data when that comes within `firstDataWaitMs` (else with its placeholders). One render
 * instead of one and then one per response: less work while the page starts on a slow phone.
 */
export async function preloadScreens(pathname: string): Promise<void> {
  const names = screensFor(pathname, sessionState());
  // Each screen's requests start as soon as its own code is there.
  const data = Promise.all(names.map((name) => screens[name].prefetch())).catch(() => undefined);
  await Promise.all(names.map((name) => screens[name].preload()));
  let timer: ReturnType<typeof setTimeout> | undefined;
  const waited = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, firstDataWaitMs);
  });
  await Promise.race([data, waited]);
  clearTimeout(timer);
}

/** The routes of the app, inside a BrowserRouter. */
export function AppRoutes() {
  const element = useRoutes(routeObjects);
  return <Suspense fallback={<PageLoading />}>{element}</Suspense>;
}
