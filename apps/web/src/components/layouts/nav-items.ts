import type { Profile } from '@seller/contract/auth/get-profile';
import {
  BanknoteIcon,
  LayoutDashboardIcon,
  type LucideIcon,
  PackageIcon,
  PlusIcon,
  TrendingUpIcon,
} from 'lucide-react';
import { paths } from '@/config/paths';

export interface NavItem {
  to: string;
  labelKey:
    | 'nav.dashboard'
    | 'nav.products'
    | 'nav.createProduct'
    | 'nav.settlement'
    // The sales screen's own block holds its nav label.
    | 'sales.navLabel';
  icon: LucideIcon;
  /** Only an exact match marks the link active (the dashboard would match everything). */
  end?: boolean;
}

export const navItems: readonly NavItem[] = [
  { to: paths.home.href(), labelKey: 'nav.dashboard', icon: LayoutDashboardIcon, end: true },
  { to: paths.products.href(), labelKey: 'nav.products', icon: PackageIcon, end: true },
  { to: paths.productCreate.href(), labelKey: 'nav.createProduct', icon: PlusIcon },
  { to: paths.settlement.href(), labelKey: 'nav.settlement', icon: BanknoteIcon },
  { to: paths.sales.href(), labelKey: 'sales.navLabel', icon: TrendingUpIcon },
];

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
