import { type ComponentType, lazy, type ReactNode, useEffect } from 'react';
import { matchRoutes, Navigate, type RouteObject, useLocation } from 'react-router';
import { paths } from '@/config/paths';
import { clearSession, type SessionState, sessionState } from '@/lib/auth-token';
import { RouteErrorBoundary } from './routes/route-error';

/*
 * What every route of the two route tables (router.tsx, signed-in-routes.tsx) is made of: who may
 * see a page, the error page around it, and a screen whose code loads when a URL first shows it.
 */

/** Where the access guard sends a visitor, or null to let them in. */
export function guardedRedirect(state: SessionState): string | null {
  return state === 'valid' ? null : paths.login.href();
}

/** Signed-in sellers have nothing to do on /login and /signup. */
export function publicRedirect(state: SessionState): string | null {
  return state === 'valid' ? paths.home.href() : null;
}

/**
 * `open`: everyone, signed in or not (the terms, the privacy policy, and asking for and using a
 * password reset link).
 */
export type Access = 'guarded' | 'public' | 'open';

const redirects: Record<Access, (state: SessionState) => string | null> = {
  guarded: guardedRedirect,
  public: publicRedirect,
  open: () => null,
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

/** A screen whose code loads when a URL first shows it. */
export function screen<M>(load: () => Promise<M>, pick: (module: M) => ComponentType): ReactNode {
  const Screen = lazy(() => load().then((module) => ({ default: pick(module) })));
  return <Screen />;
}

/** A top-level route: who may see it, and an error page for anything below it that fails. */
export function page(access: Access, element: ReactNode): ReactNode {
  return (
    <RouteErrorBoundary>
      <AccessGuard access={access}>{element}</AccessGuard>
    </RouteErrorBoundary>
  );
}

/** A route's `handle`: how to load its screen's code before the screen renders. */
interface ScreenHandle {
  preload: () => Promise<unknown>;
}

function isScreenHandle(handle: unknown): handle is ScreenHandle {
  return typeof handle === 'object' && handle !== null && 'preload' in handle;
}

/**
 * A route's lazy screen (a page of its own when `access` is given), with its loader in the
 * route's `handle` for `preloadScreens`.
 */
export function lazyScreen<M>(
  load: () => Promise<M>,
  pick: (module: M) => ComponentType,
  access?: Access,
): Pick<RouteObject, 'element' | 'handle'> {
  const element = screen(load, pick);
  const handle: ScreenHandle = { preload: load };
  return { element: access ? page(access, element) : element, handle };
}

/**
 * Starts loading the code of every screen `pathname` shows (the signed-in shell and the page
 * inside it) at once, instead of each when its parent has rendered. A failure is left to the
 * screen's own load, which shows the error page.
 */
export function preloadScreens(routes: RouteObject[], pathname: string): void {
  for (const { route } of matchRoutes(routes, pathname) ?? []) {
    if (isScreenHandle(route.handle)) route.handle.preload().catch(() => undefined);
  }
}
