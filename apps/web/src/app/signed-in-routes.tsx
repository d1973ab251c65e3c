import type { RouteObject } from 'react-router';
import { paths } from '@/config/paths';
import { lazyScreen } from './route-parts';

/*
 * The signed-in pages (router.tsx loads this table on demand, so that the first load of a public
 * page does not carry it): the signed-in shell, every screen inside it, and unknown URLs.
 */

/**
 * The screens' modules that hold several screens: one loader each, shared by their routes.
 */
const loadDiscounts = () => import('./routes/app/discounts');
const loadPayouts = () => import('./routes/app/payouts');
const loadCustomers = () => import('./routes/app/customers');

export const signedInRoutes: RouteObject[] = [
  {
    ...lazyScreen(
      () => import('./routes/app/root'),
      (m) => m.AppRoot,
      'guarded',
    ),
    children: [
      {
        index: true,
        ...lazyScreen(
          () => import('./routes/app/dashboard'),
          (m) => m.DashboardRoute,
        ),
      },
      {
        path: paths.profile.path,
        ...lazyScreen(
          () => import('./routes/app/profile'),
          (m) => m.ProfileRoute,
        ),
      },
      {
        path: paths.products.path,
        ...lazyScreen(
          () => import('./routes/app/products/list'),
          (m) => m.ProductsRoute,
        ),
      },
      {
        path: paths.productCreate.path,
        ...lazyScreen(
          () => import('./routes/app/products/create'),
          (m) => m.ProductCreateRoute,
        ),
      },
      {
        path: paths.productDetail.path,
        ...lazyScreen(
          () => import('./routes/app/products/detail'),
          (m) => m.ProductDetailRoute,
        ),
      },
      {
        path: paths.productEdit.path,
        ...lazyScreen(
          () => import('./routes/app/products/edit'),
          (m) => m.ProductEditRoute,
        ),
      },
      {
        path: paths.sales.path,
        ...lazyScreen(
          () => import('./routes/app/sales'),
          (m) => m.SalesRoute,
        ),
      },
      {
        path: paths.sale.path,
        ...lazyScreen(
          () => import('./routes/app/sale'),
          (m) => m.SaleDetailRoute,
        ),
      },
      {
        path: paths.discounts.path,
        ...lazyScreen(loadDiscounts, (m) => m.DiscountsRoute),
      },
      {
        path: paths.discountCreate.path,
        ...lazyScreen(loadDiscounts, (m) => m.DiscountCreateRoute),
      },
      {
        path: paths.discountEdit.path,
        ...lazyScreen(loadDiscounts, (m) => m.DiscountEditRoute),
      },
      {
        path: paths.customers.path,
        ...lazyScreen(loadCustomers, (m) => m.CustomersRoute),
      },
      {
        path: paths.customerMail.path,
        ...lazyScreen(loadCustomers, (m) => m.CustomerMailRoute),
      },
      {
        path: paths.customer.path,
        ...lazyScreen(loadCustomers, (m) => m.CustomerDetailRoute),
      },
      {
        path: paths.analytics.path,
        ...lazyScreen(
          () => import('./routes/app/analytics'),
          (m) => m.AnalyticsRoute,
        ),
      },
      {
        path: paths.payouts.path,
        ...lazyScreen(loadPayouts, (m) => m.PayoutsRoute),
      },
      {
        path: paths.payout.path,
        ...lazyScreen(loadPayouts, (m) => m.PayoutDetailRoute),
      },
      {
        path: paths.settlement.path,
        ...lazyScreen(
          () => import('./routes/app/settlement'),
          (m) => m.SettlementRoute,
        ),
      },
      {
        path: paths.developer.path,
        ...lazyScreen(
          () => import('./routes/app/developer'),
          (m) => m.DeveloperRoute,
        ),
      },
      {
        path: paths.security.path,
        ...lazyScreen(
          () => import('./routes/app/security'),
          (m) => m.SecurityRoute,
        ),
      },
      {
        path: paths.account.path,
        ...lazyScreen(
          () => import('./routes/app/account'),
          (m) => m.AccountRoute,
        ),
      },
      // Unknown URLs answer as unknown pages, inside the signed-in shell.
      {
        path: '*',
        ...lazyScreen(
          () => import('./routes/not-found'),
          (m) => m.NotFoundRoute,
        ),
      },
    ],
  },
];
