import { CodeIcon, LogOutIcon, ShieldCheckIcon, UserCogIcon, UserIcon } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { Button } from '@/components/ui/button';
import { Separator } from '@/components/ui/separator';
import {
  Sheet,
  SheetContent,
  SheetDescription,
  SheetHeader,
  SheetTitle,
  SheetTrigger,
} from '@/components/ui/sheet';
import { paths } from '@/config/paths';
import { cn } from '@/lib/class-names';
import { currentLanguage, languageNames, supportedLanguages } from '@/lib/i18n';
import { setThemeChoice } from '@/lib/theme';
import { useThemeChoice } from '@/lib/use-theme';
import { MainNavLinks } from './main-nav-links';
import { MobileMenuButton } from './mobile-menu-button';
import type { NavMenuProps } from './nav-items';
import { themeOptions } from './theme-options';
import { UserAvatar } from './user-avatar';

const linkClasses = ({ isActive }: { isActive: boolean }) =>
  cn(
    'flex items-center gap-3 rounded-md px-3 py-2 text-sm font-medium outline-none transition-colors hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50',
    isActive ? 'bg-accent text-accent-foreground' : 'text-muted-foreground',
  );

/** The side sheet of small screens: the same links, language and theme choices, and logout. */
export function MobileNav({
  user,
  onLogout,
  defaultOpen = false,
}: NavMenuProps & {
  /** Opens as it mounts: the seller pressed the button that stood in for it. */
  defaultOpen?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const [open, setOpen] = useState(defaultOpen);
  const language = currentLanguage(i18n.resolvedLanguage);
  const theme = useThemeChoice();
  const close = () => setOpen(false);

  return (
    <Sheet open={open} onOpenChange={setOpen}>
      <SheetTrigger asChild>
        <MobileMenuButton />
      </SheetTrigger>
      <SheetContent
        side="left"
        closeLabel={t('common.close')}
        data-testid="mobile-menu"
        // More links than a short phone holds: the sheet scrolls, the sign-out stays reachable.
        className="overflow-y-auto pb-4"
      >
        <SheetHeader className="border-b">
          <SheetTitle>{t('nav.menu')}</SheetTitle>
          <SheetDescription className="flex items-center gap-2">
            <UserAvatar user={user} className="size-6" />
            <span className="truncate">{user?.nickname ?? user?.email ?? ''}</span>
          </SheetDescription>
        </SheetHeader>
        <nav aria-label={t('nav.mainNavigation')} className="grid gap-1 px-3">
          <MainNavLinks linkClassName={linkClasses} withIcons onNavigate={close} />
          <NavLink to={paths.profile.href()} className={linkClasses} onClick={close}>
            <UserIcon className="size-4" aria-hidden="true" />
            {t('nav.profile')}
          </NavLink>
          <NavLink to={paths.security.href()} className={linkClasses} onClick={close}>
            <ShieldCheckIcon className="size-4" aria-hidden="true" />
            {t('nav.security')}
          </NavLink>
          <NavLink to={paths.developer.href()} className={linkClasses} onClick={close}>
            <CodeIcon className="size-4" aria-hidden="true" />
            {t('nav.developer')}
          </NavLink>
          <NavLink to={paths.account.href()} className={linkClasses} onClick={close}>
            <UserCogIcon className="size-4" aria-hidden="true" />
            {t('nav.account')}
          </NavLink>
        </nav>
        <Separator />
        <fieldset className="grid gap-1 px-3">
          <legend className="px-3 pb-1 text-xs font-medium text-muted-foreground uppercase">
            {t('common.language')}
          </legend>
          <div className="grid grid-cols-2 gap-1">
            {supportedLanguages.map((choice) => (
              <button
                key={choice}
                type="button"
                lang={choice}
                aria-pressed={choice === language}
                onClick={() => void i18n.changeLanguage(choice)}
                className={cn(
                  'rounded-md px-3 py-2 text-left text-sm outline-none transition-colors hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50',
                  choice === language ? 'bg-accent font-medium' : 'text-muted-foreground',
                )}
              >
                {languageNames[choice]}
              </button>
            ))}
          </div>
        </fieldset>
        <fieldset className="grid gap-1 px-3" data-testid="mobile-theme">
          <legend className="px-3 pb-1 text-xs font-medium text-muted-foreground uppercase">
            {t('theme.label')}
          </legend>
          <div className="grid grid-cols-3 gap-1">
            {themeOptions.map((option) => (
              <button
                key={option.value}
                type="button"
                aria-pressed={option.value === theme}
                onClick={() => setThemeChoice(option.value)}
                className={cn(
                  'flex flex-col items-center gap-1 rounded-md px-2 py-2 text-xs outline-none transition-colors hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50',
                  option.value === theme ? 'bg-accent font-medium' : 'text-muted-foreground',
                )}
              >
                <option.icon className="size-4" aria-hidden="true" />
                {t(option.labelKey)}
              </button>
            ))}
          </div>
        </fieldset>
        <div className="mt-auto border-t p-3">
          <Button
            variant="ghost"
            className="w-full justify-start text-destructive hover:text-destructive"
            onClick={() => {
              close();
              onLogout();
            }}
            data-testid="mobile-logout"
          >
            <LogOutIcon aria-hidden="true" />
            {t('nav.logout')}
          </Button>
        </div>
      </SheetContent>
    </Sheet>
  );
}
