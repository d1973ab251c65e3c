import type { Profile } from '@seller/contract/auth/get-profile';
import {
  BanknoteIcon,
  ChartLineIcon,
  LayoutDashboardIcon,
  type LucideIcon,
  PackageIcon,
  PlusIcon,
  TicketPercentIcon,
  TrendingUpIcon,
  UsersIcon,
  WalletIcon,
} from 'lucide-react';
import { matchPath } from 'react-router';
import { paths } from '@/config/paths';

export interface NavItem {
  to: string;
  labelKey:
    | 'nav.dashboard'
    | 'nav.products'
    | 'nav.createProduct'
    | 'nav.settlement'
    | 'nav.payouts'
    | 'nav.discounts'
    | 'nav.customers'
    | 'nav.analytics'
    // The sales screen's own block holds its nav label.
    | 'sales.navLabel';
  icon: LucideIcon;
  /** The route patterns of the pages that belong to the item (its own page first). */
  pages: readonly string[];
}

export const navItems: readonly NavItem[] = [
  {
    to: paths.home.href(),
    labelKey: 'nav.dashboard',
    icon: LayoutDashboardIcon,
    pages: [paths.home.path],
  },
  {
    to: paths.products.href(),
    labelKey: 'nav.products',
    icon: PackageIcon,
    // A product's page and its edit form are the products' pages.
    pages: [paths.products.path, paths.productDetail.path, paths.productEdit.path],
  },
  {
    to: paths.productCreate.href(),
    labelKey: 'nav.createProduct',
    icon: PlusIcon,
    pages: [paths.productCreate.path],
  },
  {
    to: paths.settlement.href(),
    labelKey: 'nav.settlement',
    icon: BanknoteIcon,
    pages: [paths.settlement.path],
  },
  {
    to: paths.sales.href(),
    labelKey: 'sales.navLabel',
    icon: TrendingUpIcon,
    pages: [paths.sales.path],
  },
  {
    to: paths.discounts.href(),
    labelKey: 'nav.discounts',
    icon: TicketPercentIcon,
    pages: [paths.discounts.path, paths.discountCreate.path, paths.discountEdit.path],
  },
  {
    to: paths.customers.href(),
    labelKey: 'nav.customers',
    icon: UsersIcon,
    // A buyer's page belongs to the customers page.
    pages: [paths.customers.path, paths.customer.path],
  },
  {
    to: paths.analytics.href(),
    labelKey: 'nav.analytics',
    icon: ChartLineIcon,
    pages: [paths.analytics.path],
  },
  {
    to: paths.payouts.href(),
    labelKey: 'nav.payouts',
    icon: WalletIcon,
    // A payout's statement belongs to the payouts page.
    pages: [paths.payouts.path, paths.payout.path],
  },
];

/**
 * The item whose pages include `pathname`: a page named exactly (`/products/create`) before a
 * pattern that would also take it (`/products/:productId`); none for the other pages.
 */
export function activeNavItem(pathname: string): NavItem | undefined {
  const exact = navItems.find((item) => item.pages.some((page) => page === pathname));
  return exact ?? navItems.find((item) => item.pages.some((page) => matchPath(page, pathname)));
}

export function isNavItemActive(item: NavItem, pathname: string): boolean {
  return activeNavItem(pathname) === item;
}

/** What the navigation shows about the signed-in seller (loaded by the app shell). */
export type NavUser = Pick<Profile, 'email' | 'nickname' | 'avatarUrl'>;

/** The menus of the top navigation: the seller they are about, and signing out. */
export interface NavMenuProps {
  user: NavUser | undefined;
  onLogout: () => void;
}

export function initialsOf(user: Pick<NavUser, 'email' | 'nickname'> | undefined): string {
  const source = user?.nickname || user?.email || '';
  return source.slice(0, 2).toUpperCase();
}
