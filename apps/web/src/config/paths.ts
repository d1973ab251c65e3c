import type { SalesPeriod } from '@seller/contract/limits';

/** Every route of the app in one place; components build links only from here. */
export const paths = {
  home: { path: '/', href: () => '/' },
  login: { path: '/login', href: () => '/login' },
  signup: { path: '/signup', href: () => '/signup' },
  forgotPassword: { path: '/forgot-password', href: () => '/forgot-password' },
  resetPassword: { path: '/reset-password', href: () => '/reset-password' },
  confirmEmail: { path: '/confirm-email', href: () => '/confirm-email' },
  terms: { path: '/terms', href: () => '/terms' },
  privacy: { path: '/privacy', href: () => '/privacy' },
  profile: { path: '/profile', href: () => '/profile' },
  products: { path: '/products', href: () => '/products' },
  productCreate: { path: '/products/create', href: () => '/products/create' },
  productDetail: {
    path: '/products/:productId',
    href: (productId: string) => `/products/${encodeURIComponent(productId)}`,
  },
  productEdit: {
    path: '/products/:productId/edit',
    href: (productId: string) => `/products/${encodeURIComponent(productId)}/edit`,
  },
  settlement: { path: '/settlement', href: () => '/settlement' },
  developer: { path: '/settings/developer', href: () => '/settings/developer' },
  payouts: { path: '/payouts', href: () => '/payouts' },
  analytics: { path: '/analytics', href: () => '/analytics' },
  payout: {
    path: '/payouts/:payoutId',
    href: (payoutId: string) => `/payouts/${encodeURIComponent(payoutId)}`,
  },
  security: { path: '/settings/security', href: () => '/settings/security' },
  account: { path: '/settings/account', href: () => '/settings/account' },
  discounts: { path: '/discounts', href: () => '/discounts' },
  discountCreate: { path: '/discounts/new', href: () => '/discounts/new' },
  discountEdit: {
    path: '/discounts/:discountId/edit',
    href: (discountId: string) => `/discounts/${encodeURIComponent(discountId)}/edit`,
  },
  sales: {
    path: '/sales',
    /** The sales screen, optionally opened on a period. */
    href: (period?: SalesPeriod) => (period ? `/sales?period=${period}` : '/sales'),
  },
  sale: {
    path: '/sales/:purchaseId',
    /** One sale: its refunds, its downloads and the reset of its download count. */
    href: (purchaseId: string) => `/sales/${encodeURIComponent(purchaseId)}`,
  },
  customers: {
    path: '/customers',
    /** The buyers list, optionally with its filters (`country=KR&sort=totalNet`). */
    href: (search?: string) => (search ? `/customers?${search}` : '/customers'),
  },
  customerMail: { path: '/customers/mail', href: () => '/customers/mail' },
  unsubscribe: {
    path: '/unsubscribe/:token',
    /** The page a buyer's mail links to (one button, no sign-in). */
    href: (token: string) => `/unsubscribe/${encodeURIComponent(token)}`,
  },
  customer: {
    path: '/customers/:customerId',
    /** One buyer and their sales. */
    href: (customerId: string) => `/customers/${encodeURIComponent(customerId)}`,
  },
} as const;
