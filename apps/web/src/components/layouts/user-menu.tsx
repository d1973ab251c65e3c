import { CodeIcon, LogOutIcon, ShieldCheckIcon, UserCogIcon, UserIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { paths } from '@/config/paths';
import { setThemeChoice, themeChoices } from '@/lib/theme';
import { useThemeChoice } from '@/lib/use-theme';
import type { NavUser } from './nav-items';
import { themeOptions } from './theme-options';
import { UserAvatar } from './user-avatar';

/**
 * The avatar menu: a 'settings' label, the profile, developer and account links, the theme and
 * logout.
 */
export function UserMenu({
  user,
  onLogout,
  defaultOpen = false,
}: {
  user: NavUser | undefined;
  onLogout: () => void;
  /** Opens as it mounts: the seller activated the button that stood in for it. */
  defaultOpen?: boolean;
}) {
  const { t } = useTranslation();
  const theme = useThemeChoice();
  return (
    // Not modal: a menu is no dialog, and a modal one hides the page from screen readers
    // (aria-hidden) while its links and buttons stay focusable.
    <DropdownMenu modal={false} defaultOpen={defaultOpen}>
      <DropdownMenuTrigger asChild>
        <Button
          variant="ghost"
          size="icon"
          className="rounded-full"
          data-testid="user-menu-trigger"
        >
          <UserAvatar user={user} />
          {/* Named by the initials it shows, then its purpose (what speech input users say). */}
          <span className="sr-only">{t('nav.accountMenu')}</span>
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-56">
        <DropdownMenuLabel className="grid gap-0.5">
          <span>{t('nav.settings')}</span>
          {user ? (
            <span className="truncate text-xs font-normal text-muted-foreground">
              {user.nickname ?? user.email}
            </span>
          ) : null}
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem asChild>
          <Link to={paths.profile.href()}>
            <UserIcon aria-hidden="true" />
            {t('nav.profile')}
          </Link>
        </DropdownMenuItem>
        <DropdownMenuItem asChild>
          <Link to={paths.security.href()} data-testid="security-link">
            <ShieldCheckIcon aria-hidden="true" />
            {t('nav.security')}
          </Link>
        </DropdownMenuItem>
        <DropdownMenuItem asChild>
          <Link to={paths.developer.href()} data-testid="developer-link">
            <CodeIcon aria-hidden="true" />
            {t('nav.developer')}
          </Link>
        </DropdownMenuItem>
        <DropdownMenuItem asChild>
          <Link to={paths.account.href()} data-testid="account-link">
            <UserCogIcon aria-hidden="true" />
            {t('nav.account')}
          </Link>
        </DropdownMenuItem>
        <DropdownMenuSeparator />
        <DropdownMenuLabel className="text-xs font-normal text-muted-foreground">
          {t('theme.label')}
        </DropdownMenuLabel>
        <DropdownMenuRadioGroup
          value={theme}
          onValueChange={(value) => {
            const choice = themeChoices.find((option) => option === value);
            if (choice) setThemeChoice(choice);
          }}
          aria-label={t('theme.label')}
          data-testid="theme-menu"
        >
          {themeOptions.map((option) => (
            <DropdownMenuRadioItem key={option.value} value={option.value}>
              <option.icon aria-hidden="true" />
              {t(option.labelKey)}
            </DropdownMenuRadioItem>
          ))}
        </DropdownMenuRadioGroup>
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={onLogout} data-testid="logout">
          <LogOutIcon aria-hidden="true" />
          {t('nav.logout')}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
