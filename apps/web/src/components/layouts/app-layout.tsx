import type * as React from 'react';
import { lazy } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/class-names';
import { Brand } from './brand';
import { LanguageSwitcher } from './language-switcher';
import { LazyMenu, type MenuButtonProps } from './lazy-menu';
import { MainNavLinks } from './main-nav-links';
import { MobileMenuButton } from './mobile-menu-button';
import type { NavMenuProps, NavUser } from './nav-items';
import { UserAvatar } from './user-avatar';

// The side sheet and the account menu load when the seller reaches for them (lazy-menu.tsx).
const loadMobileNav = () => import('./mobile-nav');
const MobileNav = lazy(() => loadMobileNav().then((module) => ({ default: module.MobileNav })));
const loadUserMenu = () => import('./user-menu');
const UserMenu = lazy(() => loadUserMenu().then((module) => ({ default: module.UserMenu })));

/** The account menu's button (the avatar) until the menu is wanted. */
function AccountMenuButton({
  user,
  ...buttonProps
}: MenuButtonProps & { user: NavUser | undefined }) {
  const { t } = useTranslation();
  return (
    <Button
      variant="ghost"
      size="icon"
      className="rounded-full"
      aria-haspopup="menu"
      data-testid="user-menu-trigger"
      {...buttonProps}
    >
      <UserAvatar user={user} />
      {/* Named by the initials it shows, then its purpose (what speech input users say). */}
      <span className="sr-only">{t('nav.accountMenu')}</span>
    </Button>
  );
}

/** The signed-in shell: top navigation (side sheet on small screens) and the page. */
export function AppLayout({
  user,
  onLogout,
  children,
}: NavMenuProps & { children: React.ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded-md focus:bg-background focus:px-3 focus:py-2 focus:shadow"
      >
        {t('app.skipToContent')}
      </a>
      <header className="sticky top-0 z-40 border-b print:hidden bg-background/95 backdrop-blur supports-[backdrop-filter]:bg-background/80">
        <div className="mx-auto flex h-16 max-w-6xl items-center gap-2 px-4 sm:px-6">
          <LazyMenu
            load={loadMobileNav}
            button={(buttonProps) => <MobileMenuButton {...buttonProps} />}
          >
            <MobileNav user={user} onLogout={onLogout} defaultOpen />
          </LazyMenu>
          <Brand />
          <nav
            aria-label={t('nav.mainNavigation')}
            className="ml-4 hidden items-center gap-1 xl:flex"
          >
            <MainNavLinks
              linkClassName={({ isActive }) =>
                cn(
                  'whitespace-nowrap rounded-md px-2.5 py-2 text-sm font-medium outline-none transition-colors hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50',
                  isActive ? 'bg-accent text-foreground' : 'text-muted-foreground',
                )
              }
            />
          </nav>
          <div className="ml-auto flex items-center gap-1">
            <LanguageSwitcher />
            <div className="hidden xl:block">
              <LazyMenu
                load={loadUserMenu}
                button={(buttonProps) => <AccountMenuButton user={user} {...buttonProps} />}
              >
                <UserMenu user={user} onLogout={onLogout} defaultOpen />
              </LazyMenu>
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
