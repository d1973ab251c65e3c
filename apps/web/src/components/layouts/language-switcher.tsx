import { LanguagesIcon } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { currentLanguage, languageNames } from '@/lib/i18n';

// The Radix menu (with its popper and focus handling) is ~30 kB gzip: it loads right after the
// first render instead of before it, keeping the login page's JavaScript budget (issue 6).
const LanguageMenu = lazy(() =>
  import('./language-menu').then((module) => ({ default: module.LanguageMenu })),
);

/** Language dropdown shown on every page; the choice is kept in local storage. */
export function LanguageSwitcher({ className }: { className?: string }) {
  return (
    <Suspense fallback={<LanguageButtonPlaceholder className={className} />}>
      <LanguageMenu className={className} />
    </Suspense>
  );
}

/** The same button, inert, while the menu loads: nothing moves when it arrives. */
function LanguageButtonPlaceholder({ className }: { className?: string }) {
  const { t, i18n } = useTranslation();
  const language = currentLanguage(i18n.resolvedLanguage);
  return (
    <Button
      variant="ghost"
      size="sm"
      className={className}
      aria-label={`${t('common.language')}: ${languageNames[language]}`}
      disabled
    >
      <LanguagesIcon aria-hidden="true" />
      <span className="hidden sm:inline">{languageNames[language]}</span>
    </Button>
  );
}
