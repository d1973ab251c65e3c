import type * as React from 'react';
import { useEffect } from 'react';
import { paths } from '@/config/paths';
import { clearSessionCache } from '@/lib/session-cache';
import { Brand } from './brand';
import { LanguageSwitcher } from './language-switcher';

/**
 * The public pages (login, signup, terms, privacy): a header with the language switcher and a
 * centred body.
 */
export function AuthLayout({
  children,
  keepSession = false,
}: {
  children: React.ReactNode;
  /** A page that signed-in sellers open too (terms, privacy): their cached data stays. */
  keepSession?: boolean;
}) {
  // Nobody is signed in on the login and signup pages: forget any data cached for the previous
  // seller.
  useEffect(() => {
    if (!keepSession) clearSessionCache();
  }, [keepSession]);
  return (
    <div className="flex min-h-dvh flex-col">
      <header className="border-b bg-background">
        <div className="mx-auto flex h-16 max-w-6xl items-center justify-between px-4 sm:px-6">
          <Brand to={paths.login.href()} />
          <LanguageSwitcher />
        </div>
      </header>
      <main className="flex flex-1 items-start justify-center px-4 py-8 sm:px-6 sm:py-12">
        {children}
      </main>
    </div>
  );
}
