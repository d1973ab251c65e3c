import { LanguagesIcon } from 'lucide-react';
import { type ComponentProps, lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { currentLanguage, languageNames } from '@/lib/i18n';
import { useOnDemand } from '@/lib/use-on-demand';

// The Radix menu (with its popper and focus handling) is ~30 kB gzip: it loads when the seller
// reaches for the button, not with the page (issue 6: the login page's budget, and Lighthouse
// on a slow phone).
const loadLanguageMenu = () => import('./language-menu');
const LanguageMenu = lazy(() =>
  loadLanguageMenu().then((module) => ({ default: module.LanguageMenu })),
);

/** Language dropdown shown on every page; the choice is kept in local storage. */
export function LanguageSwitcher({ className }: { className?: string }) {
  const menu = useOnDemand(loadLanguageMenu);
  const button = <LanguageButton className={className} {...menu.triggerProps} />;
  if (!menu.activated) return button;
  return (
    <Suspense fallback={button}>
      <LanguageMenu className={className} defaultOpen />
    </Suspense>
  );
}

/** The menu's button, until the menu is there: the same look, nothing moves when it comes. */
function LanguageButton(props: ComponentProps<typeof Button>) {
  const { t, i18n } = useTranslation();
  const language = currentLanguage(i18n.resolvedLanguage);
  return (
    <Button
      variant="ghost"
      size="sm"
      aria-label={`${t('common.language')}: ${languageNames[language]}`}
      aria-haspopup="menu"
      data-testid="language-switcher"
      {...props}
    >
      <LanguagesIcon aria-hidden="true" />
      <span className="hidden sm:inline">{languageNames[language]}</span>
    </Button>
  );
}
