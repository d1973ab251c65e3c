import { MenuIcon } from 'lucide-react';
import type * as React from 'react';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { Button } from '@/components/ui/button';
import { useOnDemand } from '@/lib/use-on-demand';
import { cn } from '@/lib/utils';
import { Brand } from './brand';
import { LanguageSwitcher } from './language-switcher';
import { type NavUser, navItems } from './nav-items';
import { UserAvatar } from './user-avatar';

// The side sheet and the account menu (Radix dialog and menu, ~30 kB gzip) load when the seller
// reaches for their buttons, not with the page (issue 6: Lighthouse on a slow phone).
const loadMobileNav = () => import('./mobile-nav');
const MobileNav = lazy(() => loadMobileNav().then((module) => ({ default: module.MobileNav })));
const loadUserMenu = () => import('./user-menu');
const UserMenu = lazy(() => loadUserMenu().then((module) => ({ default: module.UserMenu })));

type MenuProps = { user: NavUser | undefined; onLogout: () => void };

/** The side sheet's button until the sheet is wanted, then the sheet, open. */
function MobileNavOnDemand(props: MenuProps) {
  const { t } = useTranslation();
  const sheet = useOnDemand(loadMobileNav);
  const button = (
    <Button
      variant="ghost"
      size="icon"
      className="md:hidden"
      aria-label={t('nav.openMenu')}
      aria-haspopup="dialog"
      data-testid="mobile-menu-trigger"
      {...sheet.triggerProps}
    >
      <MenuIcon className="size-5" aria-hidden="true" />
    </Button>
  );
  if (!sheet.activated) return button;
  return (
    <Suspense fallback={button}>
      <MobileNav {...props} defaultOpen />
    </Suspense>
  );
}

/** The account menu's button (the avatar) until the menu is wanted, then the menu, open. */
function UserMenuOnDemand(props: MenuProps) {
  const { t } = useTranslation();
  const menu = useOnDemand(loadUserMenu);
  const button = (
    <Button
      variant="ghost"
      size="icon"
      className="rounded-full"
      aria-label={t('nav.accountMenu')}
      aria-haspopup="menu"
      data-testid="user-menu-trigger"
      {...menu.triggerProps}
    >
      <UserAvatar user={props.user} />
    </Button>
  );
  if (!menu.activated) return button;
  return (
    <Suspense fallback={button}>
      <UserMenu {...props} defaultOpen />
    </Suspense>
  );
}

/** The signed-in shell: top navigation (side sheet on small screens) and the page. */
export function AppLayout({
  user,
  onLogout,
  children,
}: {
  user: NavUser | undefined;
  onLogout: () => void;
  children: React.ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded-md focus:bg-background focus:px-3 focus:py-2 focus:shadow"
      >
        {t('app.skipToContent')}
      </a>
      <header className="sticky top-0 z-40 border-b bg-background/95 backdrop-blur supports-[backdrop-filter]:bg-background/80">
        <div className="mx-auto flex h-16 max-w-6xl items-center gap-2 px-4 sm:px-6">
          <MobileNavOnDemand user={user} onLogout={onLogout} />
          <Brand />
          <nav
            aria-label={t('nav.mainNavigation')}
            className="ml-6 hidden items-center gap-1 md:flex"
          >
            {navItems.map((item) => (
              <NavLink
                key={item.to}
                to={item.to}
                end={item.end ?? false}
                className={({ isActive }) =>
                  cn(
                    'rounded-md px-3 py-2 text-sm font-medium outline-none transition-colors hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50',
                    isActive ? 'bg-accent text-foreground' : 'text-muted-foreground',
                  )
                }
              >
                {t(item.labelKey)}
              </NavLink>
            ))}
          </nav>
          <div className="ml-auto flex items-center gap-1">
            <LanguageSwitcher />
            <div className="hidden md:block">
              <UserMenuOnDemand user={user} onLogout={onLogout} />
            </div>
          </div>
        </div>
      </header>
      <main id="main" className="mx-auto w-full max-w-6xl flex-1 px-4 py-8 sm:px-6">
        {children}
      </main>
    </div>
  );
}
