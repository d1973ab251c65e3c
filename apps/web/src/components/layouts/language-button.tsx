import { LanguagesIcon } from 'lucide-react';
import type { ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { currentLanguage, languageNames } from '@/lib/i18n';

/** The language menu's button: the language in use, named in its own language. */
export function LanguageButton(props: ComponentProps<typeof Button>) {
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
