import type * as React from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { cn } from '@/lib/utils';
import { Brand } from './brand';
import { LanguageSwitcher } from './language-switcher';
import { MobileNav } from './mobile-nav';
import { type NavUser, navItems } from './nav-items';
import { UserMenu } from './user-menu';

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
          <MobileNav user={user} onLogout={onLogout} />
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
              <UserMenu user={user} onLogout={onLogout} />
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
