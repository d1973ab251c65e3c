import { type ComponentType, lazy, type ReactNode, useEffect } from 'react';
import { Navigate, type RouteObject, useLocation } from 'react-router';
import { paths } from '@/config/paths';
import { clearSession, type SessionState, sessionState } from '@/lib/auth-token';
import { RouteErrorBoundary } from './routes/route-error';

/*
 * The routes, for the data router of app.tsx (`createBrowserRouter`; the tests render the same
 * `App`). Every screen is a `React.lazy` component: its code loads when a URL first shows it;
 * the routes have no loaders, so nothing is fetched before a screen renders. There is no
 * Suspense boundary around the routes on purpose: React Router makes every navigation a
 * transition (and main.tsx the first render), so React keeps what is on screen — the frame
 * painted by index.html, then the previous page — until the next screen's code is there,
 * instead of flashing a loading page.
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
type Access = 'guarded' | 'public' | 'open';

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
function screen<M>(load: () => Promise<M>, pick: (module: M) => ComponentType): ReactNode {
  const Screen = lazy(() => load().then((module) => ({ default: pick(module) })));
  return <Screen />;
}

/**
 * The screens' modules that hold several screens: one loader each, shared by their routes (one
 * lazy import in the first bundle instead of one per route).
 */
const loadDiscounts = () => import('./routes/app/discounts');
const loadLegal = () => import('./routes/legal');
const loadSales = () => import('./routes/app/sales');
const loadPayouts = () => import('./routes/app/payouts');
const loadCustomers = () => import('./routes/app/customers');

/** A top-level route: who may see it, and an error page for anything below it that fails. */
function page(access: Access, element: ReactNode): ReactNode {
  return (
    <RouteErrorBoundary>
      <AccessGuard access={access}>{element}</AccessGuard>
    </RouteErrorBoundary>
  );
}

export const routes: RouteObject[] = [
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
  {
    element: page(
      'guarded',
      screen(
        () => import('./routes/app/root'),
        (m) => m.AppRoot,
      ),
    ),
    children: [
      {
        index: true,
        element: screen(
          () => import('./routes/app/dashboard'),
          (m) => m.DashboardRoute,
        ),
      },
      {
        path: paths.profile.path,
        element: screen(
          () => import('./routes/app/profile'),
          (m) => m.ProfileRoute,
        ),
      },
      {
        path: paths.products.path,
        element: screen(
          () => import('./routes/app/products/list'),
          (m) => m.ProductsRoute,
        ),
      },
      {
        path: paths.productCreate.path,
        element: screen(
          () => import('./routes/app/products/create'),
          (m) => m.ProductCreateRoute,
        ),
      },
      {
        path: paths.productDetail.path,
        element: screen(
          () => import('./routes/app/products/detail'),
          (m) => m.ProductDetailRoute,
        ),
      },
      {
        path: paths.productEdit.path,
        element: screen(
          () => import('./routes/app/products/edit'),
          (m) => m.ProductEditRoute,
        ),
      },
      {
        path: paths.sales.path,
        element: screen(loadSales, (m) => m.SalesRoute),
      },
      {
        path: paths.sale.path,
        element: screen(loadSales, (m) => m.SaleDetailRoute),
      },
      {
        path: paths.discounts.path,
        element: screen(loadDiscounts, (m) => m.DiscountsRoute),
      },
      {
        path: paths.discountCreate.path,
        element: screen(loadDiscounts, (m) => m.DiscountCreateRoute),
      },
      {
        path: paths.discountEdit.path,
        element: screen(loadDiscounts, (m) => m.DiscountEditRoute),
      },
      {
        path: paths.customers.path,
        element: screen(loadCustomers, (m) => m.CustomersRoute),
      },
      {
        path: paths.customerMail.path,
        element: screen(loadCustomers, (m) => m.CustomerMailRoute),
      },
      {
        path: paths.customer.path,
        element: screen(loadCustomers, (m) => m.CustomerDetailRoute),
      },
      {
        path: paths.analytics.path,
        element: screen(
          () => import('./routes/app/analytics'),
          (m) => m.AnalyticsRoute,
        ),
      },
      {
        path: paths.payouts.path,
        element: screen(loadPayouts, (m) => m.PayoutsRoute),
      },
      {
        path: paths.payout.path,
        element: screen(loadPayouts, (m) => m.PayoutDetailRoute),
      },
      {
        path: paths.settlement.path,
        element: screen(
          () => import('./routes/app/settlement'),
          (m) => m.SettlementRoute,
        ),
      },
      {
        path: paths.developer.path,
        element: screen(
          () => import('./routes/app/developer'),
          (m) => m.DeveloperRoute,
        ),
      },
      {
        path: paths.security.path,
        element: screen(
          () => import('./routes/app/security'),
          (m) => m.SecurityRoute,
        ),
      },
      {
        path: paths.account.path,
        element: screen(
          () => import('./routes/app/account'),
          (m) => m.AccountRoute,
        ),
      },
      // Unknown URLs answer as unknown pages, inside the signed-in shell.
      {
        path: '*',
        element: screen(
          () => import('./routes/not-found'),
          (m) => m.NotFoundRoute,
        ),
      },
    ],
  },
];
