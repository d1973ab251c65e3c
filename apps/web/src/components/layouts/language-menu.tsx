import { LanguagesIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { currentLanguage, isLanguage, languageNames, supportedLanguages } from '@/lib/i18n';

/** The language dropdown itself (Radix menu), loaded apart from the first page: see language-switcher.tsx. */
export function LanguageMenu({
  className,
  defaultOpen = false,
}: {
  className?: string;
  /** Opens as it mounts: the seller activated the button that stood in for it. */
  defaultOpen?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const language = currentLanguage(i18n.resolvedLanguage);
  return (
    <DropdownMenu defaultOpen={defaultOpen}>
      <DropdownMenuTrigger asChild>
        <Button
          variant="ghost"
          size="sm"
          className={className}
          aria-label={`${t('common.language')}: ${languageNames[language]}`}
          data-testid="language-switcher"
        >
          <LanguagesIcon aria-hidden="true" />
          <span className="hidden sm:inline">{languageNames[language]}</span>
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuLabel>{t('common.language')}</DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuRadioGroup
          value={language}
          onValueChange={(value) => {
            if (isLanguage(value)) void i18n.changeLanguage(value);
          }}
        >
          {supportedLanguages.map((code) => (
            <DropdownMenuRadioItem key={code} value={code} lang={code}>
              {languageNames[code]}
            </DropdownMenuRadioItem>
          ))}
        </DropdownMenuRadioGroup>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
